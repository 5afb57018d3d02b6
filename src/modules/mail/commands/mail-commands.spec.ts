import { createSecretKey } from 'node:crypto';
import type { AppConfig } from '#src/config/app-config.js';
import type { AppSecrets } from '#src/platform/secrets/app-secrets.js';
import type { MailDeliveryWorker } from '#src/modules/mail/delivery/mail-delivery-worker.js';
import { MailSettings } from '#src/modules/mail/infrastructure/mail-settings.js';
import { MailCommandRefused } from '#src/modules/mail/domain/mail.errors.js';
import { mailStreamId } from '#src/modules/mail/domain/mail.events.js';
import { MailConversationRepository } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { leadStreamId } from '#src/modules/leads/index.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { AINO, leadCreatedFor } from '#test/support/lead-fixtures.js';
import { RecordReplyCommand } from './record-reply/record-reply.command.js';
import { RecordReplyHandler } from './record-reply/record-reply.handler.js';
import { MarkConversationReadCommand } from './mark-conversation-read/mark-conversation-read.command.js';
import { MarkConversationReadHandler } from './mark-conversation-read/mark-conversation-read.handler.js';
import { SendEmailCommand } from './send-email/send-email.command.js';
import { SendEmailHandler } from './send-email/send-email.handler.js';

const LEAD = 'l1';
const CONVERSATION = mailStreamId(LEAD);
const leadCreated = {
  type: 'LeadCreated',
  data: { leadId: LEAD, source: 'contact_form', status: 'new' },
  personalData: null,
};
const received = (messageId: string) => ({
  type: 'EmailReceived',
  data: { messageId, source: 'imap' },
  personalData: { from: 'aino@example.fi', subject: 'Keittiö', body: 'Hei' },
});

const COMPANY_EMAIL = 'myynti@keittiokalvo.fi';
const settings = new MailSettings(
  { COMPANY_NAME: 'Keittiökalvo', COMPANY_PHONE: '+358 9 123 4567', COMPANY_EMAIL } as AppConfig,
  { mailReplyKey: createSecretKey(Buffer.alloc(32, 7)) } as AppSecrets,
);

function handler() {
  const store = new InMemoryEventStore();
  const conversations = new MailConversationRepository(store.asEventStore());
  const wakes = { count: 0 };
  const worker = { wake: () => void wakes.count++ } as unknown as MailDeliveryWorker;
  return {
    store,
    wakes,
    send: new SendEmailHandler(conversations, settings, worker),
    markRead: new MarkConversationReadHandler(conversations),
    recordReply: new RecordReplyHandler(conversations),
  };
}

describe('mail command handlers', () => {
  describe('MarkConversationRead', () => {
    it('should clear what the customer wrote since the last reading', async () => {
      const { store, markRead } = handler();
      store.given(leadStreamId(LEAD), [leadCreated]);
      store.given(CONVERSATION, [received('m1'), received('m2')]);
      await markRead.execute(new MarkConversationReadCommand(LEAD));
      expect(store.eventsOf(CONVERSATION, 2)).toEqual([
        { type: 'EmailConversationRead', data: { messagesRead: 2 } },
      ]);
    });

    it('should append nothing when nothing is unread', async () => {
      const { store, markRead } = handler();
      store.given(leadStreamId(LEAD), [leadCreated]);
      store.given(CONVERSATION, [received('m1')]);
      await markRead.execute(new MarkConversationReadCommand(LEAD));
      await markRead.execute(new MarkConversationReadCommand(LEAD));
      expect(store.eventsOf(CONVERSATION, 1)).toHaveLength(1);
    });

    it('should decide again when a message arrives between reading and appending', async () => {
      const { store, markRead } = handler();
      store.given(leadStreamId(LEAD), [leadCreated]);
      store.given(CONVERSATION, [received('m1')]);
      store.interleave(() => store.given(CONVERSATION, [received('m2')]));
      await markRead.execute(new MarkConversationReadCommand(LEAD));
      expect(store.eventsOf(CONVERSATION, 2)).toEqual([
        { type: 'EmailConversationRead', data: { messagesRead: 2 } },
      ]);
    });

    it('should refuse the conversation of a lead that does not exist', async () => {
      const { store, markRead } = handler();
      const error = await markRead
        .execute(new MarkConversationReadCommand(LEAD))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailCommandRefused);
      expect(error).toMatchObject({ code: 'not_found' });
      expect(store.eventsOf(CONVERSATION)).toEqual([]);
    });
  });

  describe('RecordReply', () => {
    const reply = { body: 'Kiitos, sopii.', subject: ' Re: Tarjous ', source: 'imap' as const };

    it("should record the customer's answer from the lead's own address", async () => {
      const { store, recordReply } = handler();
      store.given(leadStreamId(LEAD), [leadCreatedFor(LEAD)]);
      const result = await recordReply.execute(
        new RecordReplyCommand(LEAD, { ...reply, messageId: 'r1', headerMessageId: '<a@b>' }),
      );
      expect(result).toEqual({ messageId: 'r1', recorded: true });
      expect(store.eventsOf(CONVERSATION)).toEqual([
        {
          type: 'EmailReceived',
          data: { messageId: 'r1', source: 'imap', headerMessageId: '<a@b>' },
          personalData: { from: AINO.email, subject: 'Re: Tarjous', body: 'Kiitos, sopii.' },
        },
      ]);
    });

    it('should record a message fetched twice only once', async () => {
      const { store, recordReply } = handler();
      store.given(leadStreamId(LEAD), [leadCreatedFor(LEAD)]);
      const fetched = { ...reply, headerMessageId: '<a@b>' };
      await recordReply.execute(new RecordReplyCommand(LEAD, fetched));
      const again = await recordReply.execute(new RecordReplyCommand(LEAD, fetched));
      expect(again.recorded).toBe(false);
      expect(store.eventsOf(CONVERSATION)).toHaveLength(1);
    });

    it('should refuse an empty answer and append nothing', async () => {
      const { store, recordReply } = handler();
      store.given(leadStreamId(LEAD), [leadCreatedFor(LEAD)]);
      const error = await recordReply
        .execute(new RecordReplyCommand(LEAD, { ...reply, body: '  ', subject: '' }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailCommandRefused);
      expect(store.eventsOf(CONVERSATION)).toEqual([]);
    });
  });

  describe('SendEmail', () => {
    it("should queue the message to the lead's own address under the default subject and wake delivery", async () => {
      const { store, send, wakes } = handler();
      store.given(leadStreamId(LEAD), [leadCreatedFor(LEAD)]);
      const { messageId } = await send.execute(
        new SendEmailCommand(LEAD, 'Hei Aino, tarjous liitteenä.', '  ', {
          fromEmail: COMPANY_EMAIL.toUpperCase(),
          toEmail: ` ${AINO.email} `,
        }),
      );
      const [queued, ...rest] = store.eventsOf(CONVERSATION);
      expect(rest).toEqual([]);
      expect(queued).toMatchObject({
        type: 'EmailQueued',
        data: {
          messageId,
          kind: 'staff',
          headerMessageId: `${messageId}@keittiokalvo.fi`,
          replyTo: settings.replyAddressFor(LEAD),
        },
        personalData: { to: AINO.email, subject: 'Message from Keittiökalvo' },
      });
      expect(wakes.count).toBe(1);
    });

    it.each([
      ['a sender other than the company mailbox', { fromEmail: 'someone@example.fi' }],
      ["a recipient other than the lead's address", { toEmail: 'other@example.fi' }],
    ])('should refuse %s, appending nothing and waking nothing', async (_, claimed) => {
      const { store, send, wakes } = handler();
      store.given(leadStreamId(LEAD), [leadCreatedFor(LEAD)]);
      const refused = await send
        .execute(new SendEmailCommand(LEAD, 'Hei', undefined, claimed))
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MailCommandRefused);
      expect((refused as MailCommandRefused).code).toBe('invalid');
      expect(store.eventsOf(CONVERSATION)).toEqual([]);
      expect(wakes.count).toBe(0);
    });

    it('should refuse a lead that does not exist', async () => {
      const { store, send, wakes } = handler();
      const refused = await send
        .execute(new SendEmailCommand(LEAD, 'Hei'))
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MailCommandRefused);
      expect(store.eventsOf(CONVERSATION)).toEqual([]);
      expect(wakes.count).toBe(0);
    });
  });
});
