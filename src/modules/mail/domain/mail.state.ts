import type { EmailDirection } from '#src/contract/mail.js';
import type { MailEvent } from './mail.events.js';

export type MessageProgress = 'queued' | 'delivered' | 'failed' | 'received';

export interface ConversationState {
  /** Every message by id, with how far it got. */
  messages: Map<string, { direction: EmailDirection; progress: MessageProgress }>;
  /** Message-ID headers of the customer thread, oldest first: what a new message replies to. */
  thread: string[];
  unread: number;
}

export const INITIAL_CONVERSATION_STATE: ConversationState = {
  messages: new Map(),
  thread: [],
  unread: 0,
};

export function evolve(state: ConversationState, event: MailEvent): ConversationState {
  const next = { ...state, messages: new Map(state.messages), thread: [...state.thread] };
  applyTo(next, event);
  return next;
}

/**
 * All that an outcome's decision needs, known without reading the conversation: the holder of a
 * message's outbox claim knows it still waits, as its row leaves with the recorded outcome.
 */
export function conversationAwaiting(messageId: string): ConversationState {
  return {
    messages: new Map([[messageId, { direction: 'sent', progress: 'queued' }]]),
    thread: [],
    unread: 0,
  };
}

/**
 * Folds into one state of its own: copying the messages at every event, as `evolve` must, made
 * loading a long conversation cost the square of its length.
 */
export function foldConversation(events: readonly MailEvent[]): ConversationState {
  const state = { messages: new Map(), thread: [], unread: 0 };
  for (const event of events) applyTo(state, event);
  return state;
}

function applyTo(state: ConversationState, event: MailEvent): void {
  switch (event.type) {
    case 'EmailQueued':
      state.messages.set(event.data.messageId, { direction: 'sent', progress: 'queued' });
      // Notifications to the company are not part of the thread with the customer.
      if (event.data.kind === 'staff' || event.data.kind === 'quote') {
        state.thread.push(event.data.headerMessageId);
      }
      return;
    case 'EmailDelivered':
    case 'EmailDeliveryFailed':
      state.messages.set(event.data.messageId, {
        direction: 'sent',
        progress: event.type === 'EmailDelivered' ? 'delivered' : 'failed',
      });
      return;
    case 'EmailReceived':
      state.messages.set(event.data.messageId, { direction: 'received', progress: 'received' });
      if (event.data.headerMessageId) state.thread.push(event.data.headerMessageId);
      state.unread += 1;
      return;
    case 'EmailConversationRead':
      state.unread = Math.max(0, state.unread - event.data.messagesRead);
      return;
  }
}
