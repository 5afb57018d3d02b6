import type { EmailKind } from '#src/contract/mail.js';
import type { MailEvent } from './mail.events.js';
import { evolve, foldConversation, INITIAL_CONVERSATION_STATE } from './mail.state.js';

const queued = (messageId: string, kind: EmailKind = 'staff'): MailEvent => ({
  type: 'EmailQueued',
  data: {
    messageId,
    kind,
    headerMessageId: `${messageId}@keittiokalvo.fi`,
    references: [],
    replyTo: 'info+token@keittiokalvo.fi',
  },
  personalData: null,
});

const conversation: MailEvent[] = [
  queued('m1'),
  queued('n1', 'quote_notification'),
  { type: 'EmailDelivered', data: { messageId: 'm1', smtpMessageId: '<m1@x>', attempts: 1 } },
  {
    type: 'EmailReceived',
    data: { messageId: 'r1', source: 'imap', headerMessageId: 'r1@example.fi' },
    personalData: null,
  },
  { type: 'EmailReceived', data: { messageId: 'r2', source: 'staff' }, personalData: null },
  {
    type: 'EmailDeliveryFailed',
    data: { messageId: 'n1', attempts: 1 },
    personalData: { reason: '550 no' },
  },
  { type: 'EmailConversationRead', data: { messagesRead: 1 } },
];

describe(foldConversation.name, () => {
  it('should reach the state that evolving event by event reaches', () => {
    expect(foldConversation(conversation)).toEqual(
      conversation.reduce(evolve, INITIAL_CONVERSATION_STATE),
    );
    expect(foldConversation(conversation)).toMatchObject({
      thread: ['m1@keittiokalvo.fi', 'r1@example.fi'],
      unread: 1,
    });
  });

  it('should leave the initial state and earlier states as they were', () => {
    const first = evolve(INITIAL_CONVERSATION_STATE, conversation[0]);
    evolve(first, conversation[3]);
    foldConversation(conversation);
    expect(INITIAL_CONVERSATION_STATE).toEqual({ messages: new Map(), thread: [], unread: 0 });
    expect(first).toEqual({
      messages: new Map([['m1', { direction: 'sent', progress: 'queued' }]]),
      thread: ['m1@keittiokalvo.fi'],
      unread: 0,
    });
  });
});
