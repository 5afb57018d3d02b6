import { deciderSpec } from '#test/support/decider-spec.js';
import { EMAIL_BODY_MAX_LENGTH, EMAIL_SUBJECT_MAX_LENGTH } from '#src/contract/mail.js';
import { decide, type LeadFacts, type MailCommand } from './mail.decide.js';
import type { EmailQueued, EmailReceived, MailEvent } from './mail.events.js';
import { evolve, INITIAL_CONVERSATION_STATE } from './mail.state.js';

const spec = deciderSpec({ decide, evolve, initialState: INITIAL_CONVERSATION_STATE });
const LEAD: LeadFacts = { exists: true, trashed: false, erased: false };

const queue = (overrides: Partial<Extract<MailCommand, { type: 'QueueEmail' }>> = {}) =>
  ({
    type: 'QueueEmail',
    lead: LEAD,
    messageId: 'm2',
    kind: 'staff',
    headerMessageId: 'm2@keittiokalvo.fi',
    replyTo: 'info+token@keittiokalvo.fi',
    to: 'aino@example.fi',
    subject: 'Mittaus',
    text: 'Sopiiko tiistai?',
    ...overrides,
  }) satisfies MailCommand;

const quoteQueued: EmailQueued = {
  type: 'EmailQueued',
  data: {
    messageId: 'm1',
    kind: 'quote',
    headerMessageId: 'm1@keittiokalvo.fi',
    references: [],
    replyTo: 'info+token@keittiokalvo.fi',
  },
  personalData: { to: 'aino@example.fi', subject: 'Tarjouksesi', text: 'Hei', html: '<p>Hei</p>' },
};
const reply = (messageId: string, headerMessageId?: string): EmailReceived => ({
  type: 'EmailReceived',
  data: { messageId, source: 'imap', ...(headerMessageId ? { headerMessageId } : {}) },
  personalData: { from: 'aino@example.fi', subject: 'Re: Tarjouksesi', body: 'Kiitos!' },
});
const replyCommand = (overrides: Partial<Extract<MailCommand, { type: 'RecordReply' }>> = {}) =>
  ({
    type: 'RecordReply',
    lead: LEAD,
    messageId: 'r1',
    source: 'imap',
    headerMessageId: 'abc@example.fi',
    from: 'aino@example.fi',
    subject: 'Re: Tarjouksesi',
    body: 'Kiitos!',
    ...overrides,
  }) satisfies MailCommand;

describe('mail decide', () => {
  describe('QueueEmail', () => {
    it('should queue a first message with no thread', () => {
      spec
        .given([])
        .when(queue())
        .then([
          {
            type: 'EmailQueued',
            data: {
              messageId: 'm2',
              kind: 'staff',
              headerMessageId: 'm2@keittiokalvo.fi',
              references: [],
              replyTo: 'info+token@keittiokalvo.fi',
            },
            personalData: { to: 'aino@example.fi', subject: 'Mittaus', text: 'Sopiiko tiistai?' },
          },
        ]);
    });

    it('should reply to the last message of the customer thread', () => {
      const [event] = decide(
        queue(),
        [quoteQueued, reply('r1', 'abc@example.fi')].reduce<typeof INITIAL_CONVERSATION_STATE>(
          (state, e: MailEvent) => evolve(state, e),
          INITIAL_CONVERSATION_STATE,
        ),
      ) as EmailQueued[];
      expect(event.data).toMatchObject({
        inReplyTo: 'abc@example.fi',
        references: ['m1@keittiokalvo.fi', 'abc@example.fi'],
      });
    });

    it('should keep company notifications out of the customer thread', () => {
      const notification: EmailQueued = {
        ...quoteQueued,
        data: { ...quoteQueued.data, messageId: 'n1', kind: 'quote_notification' },
      };
      const [event] = decide(
        queue(),
        evolve(INITIAL_CONVERSATION_STATE, notification),
      ) as EmailQueued[];
      expect(event.data.references).toEqual([]);
    });

    it('should queue a message id once', () => {
      spec
        .given([quoteQueued])
        .when(queue({ messageId: 'm1' }))
        .then([]);
    });

    it('should refuse an unknown, trashed or erased lead', () => {
      spec
        .given()
        .when(queue({ lead: { ...LEAD, exists: false } }))
        .thenRefuses('not_found');
      spec
        .given()
        .when(queue({ lead: { ...LEAD, trashed: true } }))
        .thenRefuses('conflict');
      spec
        .given()
        .when(queue({ lead: { ...LEAD, erased: true } }))
        .thenRefuses('not_found');
    });

    it('should refuse line breaks in the subject or the address', () => {
      spec
        .given()
        .when(queue({ subject: 'Hei\r\nBcc: x@evil.example' }))
        .thenRefuses('invalid');
      spec
        .given()
        .when(queue({ to: 'a@example.fi\nBcc: x@evil.example' }))
        .thenRefuses('invalid');
    });

    it('should refuse an empty or over-long body and an over-long subject', () => {
      spec
        .given()
        .when(queue({ text: '  \n ' }))
        .thenRefuses('invalid', /body/);
      spec
        .given()
        .when(queue({ text: 'x'.repeat(EMAIL_BODY_MAX_LENGTH + 1) }))
        .thenRefuses('invalid', /body/);
      spec
        .given()
        .when(queue({ subject: 'x'.repeat(EMAIL_SUBJECT_MAX_LENGTH + 1) }))
        .thenRefuses('invalid', /subject/);
    });

    it('should refuse a lead without an e-mail address', () => {
      spec
        .given()
        .when(queue({ to: '' }))
        .thenRefuses('conflict', /no e-mail address/);
    });
  });

  describe('RecordDelivery and RecordDeliveryFailure', () => {
    it('should record the outcome of a queued message once', () => {
      const delivered = spec
        .given([quoteQueued])
        .when({ type: 'RecordDelivery', messageId: 'm1', smtpMessageId: '<m1@k>', attempts: 2 })
        .then([
          {
            type: 'EmailDelivered',
            data: { messageId: 'm1', smtpMessageId: '<m1@k>', attempts: 2 },
          },
        ]);
      expect(delivered.messages.get('m1')?.progress).toBe('delivered');
      spec
        .given([
          quoteQueued,
          {
            type: 'EmailDelivered',
            data: { messageId: 'm1', smtpMessageId: '<m1@k>', attempts: 2 },
          },
        ])
        .when({ type: 'RecordDeliveryFailure', messageId: 'm1', reason: '550', attempts: 3 })
        .then([]);
    });

    it('should record a failure with the reason', () => {
      spec
        .given([quoteQueued])
        .when({ type: 'RecordDeliveryFailure', messageId: 'm1', reason: '550 No', attempts: 1 })
        .then([
          {
            type: 'EmailDeliveryFailed',
            data: { messageId: 'm1', attempts: 1 },
            personalData: { reason: '550 No' },
          },
        ]);
    });

    it('should refuse an outcome for a message that was never queued', () => {
      spec
        .given([])
        .when({ type: 'RecordDelivery', messageId: 'x', smtpMessageId: '<x>', attempts: 1 })
        .thenRefuses('not_found');
    });
  });

  describe('RecordReply', () => {
    it('should record a reply and count it unread', () => {
      const state = spec
        .given([quoteQueued])
        .when(replyCommand())
        .then([reply('r1', 'abc@example.fi')]);
      expect(state.unread).toBe(1);
    });

    it('should import a message with a known Message-ID once', () => {
      spec
        .given([reply('r1', 'abc@example.fi')])
        .when(replyCommand({ messageId: 'r2' }))
        .then([]);
    });

    it('should take staff-typed replies only for leads outside the recycle bin', () => {
      spec
        .given()
        .when(replyCommand({ source: 'staff', lead: { ...LEAD, trashed: true } }))
        .thenRefuses('conflict');
      spec
        .given()
        .when(replyCommand({ lead: { ...LEAD, trashed: true } }))
        .then([reply('r1', 'abc@example.fi')]);
    });
  });

  describe('MarkConversationRead', () => {
    it('should clear what is unread, and do nothing when nothing is', () => {
      const state = spec
        .given([reply('r1'), reply('r2')])
        .when({ type: 'MarkConversationRead', lead: LEAD })
        .then([{ type: 'EmailConversationRead', data: { messagesRead: 2 } }]);
      expect(state.unread).toBe(0);
      spec.given([]).when({ type: 'MarkConversationRead', lead: LEAD }).then([]);
    });

    it('should refuse an unknown lead', () => {
      spec
        .given()
        .when({ type: 'MarkConversationRead', lead: { ...LEAD, exists: false } })
        .thenRefuses('not_found');
    });
  });
});
