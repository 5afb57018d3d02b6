import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { type EmailMessage, NO_SMTP_REASON } from '#src/contract/mail.js';
import type {
  EmailDeliveryFailed,
  EmailQueued,
  EmailReceived,
} from '#src/modules/mail/domain/mail.events.js';
import { MailOutbox } from '#src/modules/mail/delivery/mail-outbox.js';
import { SmtpTransport } from '#src/modules/mail/delivery/smtp-transport.js';
import { MailConversationRepository } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';

/** The conversation as the e-mail dialog shows it, oldest first, read from the lead's mail stream. */
@Injectable()
export class ConversationReader {
  constructor(
    private readonly conversations: MailConversationRepository,
    private readonly outbox: MailOutbox,
    private readonly transport: SmtpTransport,
  ) {}

  async conversation(leadId: string): Promise<EmailMessage[]> {
    const [{ events }, pending] = await Promise.all([
      this.conversations.load(leadId, { personalData: true }),
      this.outbox.pending(leadId),
    ]);
    const messages = new Map<string, EmailMessage>();
    for (const event of events) {
      const messageId = (event.data as { messageId?: string }).messageId;
      if (event.type === 'EmailQueued') {
        messages.set(messageId!, this.sent(event));
      } else if (event.type === 'EmailReceived') {
        messages.set(messageId!, received(event));
      } else if (event.type === 'EmailDelivered') {
        Object.assign(messages.get(messageId!) ?? {}, { deliveryState: 'delivered' });
      } else if (event.type === 'EmailDeliveryFailed') {
        const reason = (event as unknown as EmailDeliveryFailed).personalData?.reason ?? null;
        Object.assign(messages.get(messageId!) ?? {}, {
          deliveryState: 'failed',
          ...(reason === null ? {} : { deliveryReason: reason }),
        });
      }
    }
    for (const [id, waiting] of pending) {
      const message = messages.get(id);
      if (message?.deliveryState === 'queued' && waiting.lastError) {
        message.deliveryReason = `retrying after ${waiting.attempts} tries: ${waiting.lastError}`;
      }
    }
    return [...messages.values()];
  }

  private sent(event: RecordedEvent): EmailMessage {
    const { data, personalData } = event as unknown as EmailQueued;
    return {
      ...messageOf(event, data.messageId, 'sent', personalData?.subject, personalData?.text),
      ...(this.transport.configured
        ? { deliveryState: 'queued' as const }
        : { deliveryState: 'not_sent' as const, deliveryReason: NO_SMTP_REASON }),
    };
  }
}

function received(event: RecordedEvent): EmailMessage {
  const { data, personalData } = event as unknown as EmailReceived;
  return messageOf(event, data.messageId, 'received', personalData?.subject, personalData?.body);
}

/** What every entry shows; subject and body read as empty when their personal data is gone. */
function messageOf(
  event: RecordedEvent,
  id: string,
  direction: EmailMessage['direction'],
  subject: string | undefined,
  body: string | undefined,
): EmailMessage {
  return {
    id,
    direction,
    subject: subject ?? '',
    body: body ?? '',
    emailDate: event.occurredAt.toISOString(),
    byName: event.metadata.actorName,
  };
}
