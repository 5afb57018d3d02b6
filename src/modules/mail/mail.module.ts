import { eventTypesProvider } from '#src/platform/event-store/event-types.js';
import { MAIL_EVENT_DECLARATIONS } from './domain/mail.event-types.js';
import { Module, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { leadIdFromStream, LeadsModule } from '#src/modules/leads/index.js';
import { MemberEvents } from '#src/modules/team/index.js';
import { MarkConversationReadHandler } from './commands/mark-conversation-read/mark-conversation-read.handler.js';
import { RecordReplyHandler } from './commands/record-reply/record-reply.handler.js';
import { SendEmailHandler } from './commands/send-email/send-email.handler.js';
import { MailDeliveryWorker } from './delivery/mail-delivery-worker.js';
import { MailUpcasters } from './infrastructure/mail-upcasters.js';
import { MailOutbox } from './delivery/mail-outbox.js';
import { MailOutboxMetrics } from './delivery/mail-outbox.metrics.js';
import { SmtpTransport } from './delivery/smtp-transport.js';
import { StaffMailComposer } from './staff/staff-mail-composer.js';
import { FollowUpDigestJob } from './staff/follow-up-digest.job.js';
import {
  EMAIL_DELIVERED,
  EMAIL_DELIVERY_FAILED,
  EMAIL_QUEUED,
  EMAIL_RECEIVED,
} from './domain/mail.events.js';
import { MailController } from './http/mail.controller.js';
import { ImapReplyPoller } from './imap/imap-reply-poller.js';
import { MailConversationRepository } from './infrastructure/mail-conversation.repository.js';
import { MailSettings } from './infrastructure/mail-settings.js';
import { MailThreadIndex } from './infrastructure/mail-thread-index.js';
import { IntakeMailPolicy } from './intake/intake-mail.policy.js';
import { IntakeMailWorker } from './intake/intake-mail.worker.js';
import { PendingIntakeMail } from './intake/pending-intake-mail.js';
import { UnreadCountsProjection } from './projections/unread-counts/unread-counts.projection.js';
import { ConversationReader } from './queries/conversation.reader.js';
import { UnreadCountsReader } from './queries/unread-counts.reader.js';

export {
  EMAIL_CONVERSATION_READ,
  EMAIL_DELIVERED,
  EMAIL_DELIVERY_FAILED,
  EMAIL_QUEUED,
  EMAIL_RECEIVED,
  MAIL_EVENT_TYPES,
  mailStreamId,
} from './domain/mail.events.js';
export type * from './domain/mail.events.js';

const commandHandlers = [SendEmailHandler, RecordReplyHandler, MarkConversationReadHandler];

/**
 * E-mail with customers: an outbox on the event log delivered over SMTP, the intake's quote and
 * notification e-mails, replies fetched over IMAP, the conversation API and unread counts.
 */
@Module({
  // The follow-up digest lists a member's leads.
  imports: [LeadsModule],
  controllers: [MailController],
  providers: [
    eventTypesProvider('mail', MAIL_EVENT_DECLARATIONS),
    MailSettings,
    MailUpcasters,
    MailConversationRepository,
    MailOutbox,
    MailOutboxMetrics,
    MailThreadIndex,
    SmtpTransport,
    StaffMailComposer,
    MailDeliveryWorker,
    FollowUpDigestJob,
    IntakeMailPolicy,
    PendingIntakeMail,
    IntakeMailWorker,
    ImapReplyPoller,
    UnreadCountsProjection,
    ConversationReader,
    UnreadCountsReader,
    ...commandHandlers,
  ],
  // The right-of-access export (audit) holds each lead's conversation.
  exports: [ConversationReader],
})
export class MailModule implements OnModuleInit {
  constructor(
    private readonly eventStore: EventStore,
    private readonly outbox: MailOutbox,
    private readonly threads: MailThreadIndex,
  ) {}

  /** The outbox and the thread index follow the log inside each appending transaction. */
  onModuleInit(): void {
    this.eventStore.registerInlineHandler(
      [EMAIL_QUEUED, EMAIL_DELIVERED, EMAIL_DELIVERY_FAILED, MemberEvents.PasswordResetRequested],
      (events, db) => this.outbox.follow(events, db),
    );
    this.eventStore.registerInlineHandler([EMAIL_QUEUED, EMAIL_RECEIVED], (events, db) =>
      this.threads.follow(events, db),
    );
    this.eventStore.registerInlineHandler(['LeadErased'], async (events, db) => {
      const leadIds = events.map((event) => leadIdFromStream(event.streamId));
      await this.outbox.forgetLeads(leadIds, db);
      await this.threads.forgetLeads(leadIds, db);
    });
  }
}
