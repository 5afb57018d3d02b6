import { Injectable, Logger } from '@nestjs/common';
import type { InlineEvent, RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { type LeadCreated, leadIdFromStream } from '#src/modules/leads/index.js';
import { decide, type MailCommand } from '#src/modules/mail/domain/mail.decide.js';
import { MailCommandRefused } from '#src/modules/mail/domain/mail.errors.js';
import { INITIAL_CONVERSATION_STATE, evolve } from '#src/modules/mail/domain/mail.state.js';
import type { EmailKind, MailEvent } from '#src/modules/mail/domain/mail.events.js';
import {
  type MailChangeOptions,
  uuidFrom,
} from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { MailSettings } from '#src/modules/mail/infrastructure/mail-settings.js';
import { renderCompanyNotification } from '#src/modules/mail/templates/company-notification.js';
import { renderQuoteEmail } from '#src/modules/mail/templates/quote-email.js';
import type { RenderedEmail } from '#src/modules/mail/templates/rendered-email.js';

const NEW_LEAD = { exists: true, trashed: false, erased: false };

/** A conversation's intake e-mails, ready to append. */
export interface IntakeMail {
  leadId: string;
  events: MailEvent[];
  options: MailChangeOptions;
}

/**
 * Which new leads get e-mails and what they say: a quote gets the customer's quote e-mail and a
 * notification to the company mailbox, a contact message the notification. The e-mails' ids come
 * from the lead's event, so queueing them again after a crash stores them once.
 */
@Injectable()
export class IntakeMailPolicy {
  private readonly logger = new Logger('IntakeMail');

  constructor(private readonly settings: MailSettings) {}

  /**
   * Only what a visitor sent gets the promised e-mails: demo data, imports and staff-made leads
   * never write to a customer on their own.
   */
  applies(recorded: InlineEvent): boolean {
    const { source } = recorded.data as Partial<LeadCreated['data']>;
    return (
      recorded.type === 'LeadCreated' &&
      recorded.metadata.actorRole === 'public' &&
      (source === 'quote' || source === 'contact_form')
    );
  }

  /** The e-mails for a lead's `LeadCreated`; none once its personal data is erased. */
  mailFor(recorded: RecordedEvent): IntakeMail | null {
    const event = recorded as unknown as RecordedEvent & LeadCreated;
    if (!this.applies(recorded) || !event.personalData) return null;
    const leadId = leadIdFromStream(recorded.streamId);
    const events = this.decideAll(leadId, this.mailsFor(leadId, recorded.eventId, event));
    if (events.length === 0) return null;
    return {
      leadId,
      events,
      options: {
        idempotencyKey: `intake-mail:${recorded.eventId}`,
        metadata: { ...recorded.metadata, causationId: recorded.eventId },
      },
    };
  }

  /** A refused e-mail must not cost the customer their lead: it is logged, the lead stays. */
  private decideAll(leadId: string, commands: MailCommand[]): MailEvent[] {
    let state = INITIAL_CONVERSATION_STATE;
    const queued: MailEvent[] = [];
    for (const command of commands) {
      try {
        const decided = decide(command, state);
        state = decided.reduce(evolve, state);
        queued.push(...decided);
      } catch (error) {
        if (!(error instanceof MailCommandRefused)) throw error;
        this.logger.warn(`intake e-mail for lead ${leadId} not queued: ${error.message}`);
      }
    }
    return queued;
  }

  private mailsFor(leadId: string, leadEventId: string, event: LeadCreated): MailCommand[] {
    const personal = event.personalData!;
    const { source } = event.data;
    if (source !== 'quote' && source !== 'contact_form') return [];
    const notification = renderCompanyNotification({
      kind: source,
      firstName: personal.firstName,
      lastName: personal.lastName,
      email: personal.email,
      phone: personal.phone,
      message: personal.message,
      totalPrice: event.data.totalPrice,
      leadUrl: this.settings.leadUrl(leadId),
    });
    const queue = (kind: EmailKind, to: string, email: RenderedEmail): MailCommand => {
      const messageId = uuidFrom(`intake-mail:${leadEventId}:${kind}`);
      return {
        type: 'QueueEmail',
        lead: NEW_LEAD,
        messageId,
        kind,
        headerMessageId: this.settings.headerMessageId(messageId),
        replyTo: this.settings.replyAddressFor(leadId),
        to,
        ...email,
      };
    };
    const toCompany = queue(
      source === 'quote' ? 'quote_notification' : 'contact_notification',
      this.settings.company.email,
      notification,
    );
    if (source === 'contact_form') return [toCompany];
    const quote = renderQuoteEmail(
      {
        firstName: personal.firstName,
        doorStyle: event.data.doorStyle,
        doors: event.data.doors,
        drawers: event.data.drawers,
        metres: event.data.metres,
        totalPrice: event.data.totalPrice,
        priceListVersion: event.data.priceListVersion,
        lineItems: event.data.lineItems ?? [],
      },
      this.settings.company,
    );
    return [queue('quote', personal.email, quote), toCompany];
  }
}
