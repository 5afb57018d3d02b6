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
  switch (event.type) {
    case 'EmailQueued': {
      const messages = new Map(state.messages);
      messages.set(event.data.messageId, { direction: 'sent', progress: 'queued' });
      // Notifications to the company are not part of the thread with the customer.
      const thread =
        event.data.kind === 'staff' || event.data.kind === 'quote'
          ? [...state.thread, event.data.headerMessageId]
          : state.thread;
      return { ...state, messages, thread };
    }
    case 'EmailDelivered':
    case 'EmailDeliveryFailed': {
      const messages = new Map(state.messages);
      messages.set(event.data.messageId, {
        direction: 'sent',
        progress: event.type === 'EmailDelivered' ? 'delivered' : 'failed',
      });
      return { ...state, messages };
    }
    case 'EmailReceived': {
      const messages = new Map(state.messages);
      messages.set(event.data.messageId, { direction: 'received', progress: 'received' });
      const thread = event.data.headerMessageId
        ? [...state.thread, event.data.headerMessageId]
        : state.thread;
      return { ...state, messages, thread, unread: state.unread + 1 };
    }
    case 'EmailConversationRead':
      return { ...state, unread: Math.max(0, state.unread - event.data.messagesRead) };
    default:
      return state;
  }
}

export const foldConversation = (events: readonly MailEvent[]): ConversationState =>
  events.reduce(evolve, INITIAL_CONVERSATION_STATE);
