import { EMAIL_BODY_MAX_LENGTH, EMAIL_SUBJECT_MAX_LENGTH } from '#src/contract/mail.js';
import { MailCommandRefused } from './mail.errors.js';
import type { EmailKind, MailEvent, ReplySource } from './mail.events.js';
import type { ConversationState } from './mail.state.js';

/** What the conversation's rules need to know about its lead (another stream). */
export interface LeadFacts {
  exists: boolean;
  trashed: boolean;
  erased: boolean;
}

/** How many earlier Message-IDs a new message lists in References. */
const REFERENCES_KEPT = 20;

export type MailCommand =
  | {
      type: 'QueueEmail';
      lead: LeadFacts;
      messageId: string;
      kind: EmailKind;
      headerMessageId: string;
      replyTo: string;
      to: string;
      subject: string;
      text: string;
      html?: string;
    }
  | DeliveryOutcome
  | {
      type: 'RecordReply';
      lead: LeadFacts;
      messageId: string;
      source: ReplySource;
      headerMessageId?: string;
      from: string;
      subject: string;
      body: string;
    }
  | { type: 'MarkConversationRead'; lead: LeadFacts };

/** What the delivery worker learnt from the mail server about one message. */
export type DeliveryOutcome =
  | { type: 'RecordDelivery'; messageId: string; smtpMessageId: string; attempts: number }
  | { type: 'RecordDeliveryFailure'; messageId: string; reason: string; attempts: number };

const HEADER_BREAK = /[\r\n]/;

export function decide(command: MailCommand, state: ConversationState): MailEvent[] {
  switch (command.type) {
    case 'QueueEmail': {
      requireWritableLead(command.lead);
      if (command.to.trim() === '') {
        throw new MailCommandRefused('conflict', 'The lead has no e-mail address');
      }
      requireHeaderSafe('to', command.to);
      requireHeaderSafe('subject', command.subject);
      requireMessage(command.subject, command.text);
      if (state.messages.has(command.messageId)) return [];
      const isThreaded = command.kind === 'staff' || command.kind === 'quote';
      const earlier = isThreaded ? state.thread.slice(-REFERENCES_KEPT) : [];
      return [
        {
          type: 'EmailQueued',
          data: {
            messageId: command.messageId,
            kind: command.kind,
            headerMessageId: command.headerMessageId,
            ...(earlier.length > 0 ? { inReplyTo: earlier.at(-1) } : {}),
            references: earlier,
            replyTo: command.replyTo,
          },
          personalData: {
            to: command.to,
            subject: command.subject,
            text: command.text,
            ...(command.html !== undefined ? { html: command.html } : {}),
          },
        },
      ];
    }
    case 'RecordDelivery':
    case 'RecordDeliveryFailure': {
      const message = state.messages.get(command.messageId);
      if (!message || message.direction !== 'sent') {
        throw new MailCommandRefused('not_found', 'E-mail not found');
      }
      // Delivery is keyed by the message id: a second report of the same outcome changes nothing.
      if (message.progress !== 'queued') return [];
      return command.type === 'RecordDelivery'
        ? [
            {
              type: 'EmailDelivered',
              data: {
                messageId: command.messageId,
                smtpMessageId: command.smtpMessageId,
                attempts: command.attempts,
              },
            },
          ]
        : [
            {
              type: 'EmailDeliveryFailed',
              data: { messageId: command.messageId, attempts: command.attempts },
              personalData: { reason: command.reason },
            },
          ];
    }
    case 'RecordReply': {
      if (command.source === 'staff') requireWritableLead(command.lead);
      else requireReadableLead(command.lead);
      requireMessage(command.subject, command.body);
      if (state.messages.has(command.messageId)) return [];
      if (command.headerMessageId && state.thread.includes(command.headerMessageId)) return [];
      return [
        {
          type: 'EmailReceived',
          data: {
            messageId: command.messageId,
            source: command.source,
            ...(command.headerMessageId ? { headerMessageId: command.headerMessageId } : {}),
          },
          personalData: { from: command.from, subject: command.subject, body: command.body },
        },
      ];
    }
    case 'MarkConversationRead':
      requireReadableLead(command.lead);
      return state.unread === 0
        ? []
        : [{ type: 'EmailConversationRead', data: { messagesRead: state.unread } }];
  }
}

function requireReadableLead(lead: LeadFacts): void {
  if (!lead.exists) throw new MailCommandRefused('not_found', 'Lead not found');
  if (lead.erased) throw new MailCommandRefused('not_found', 'This lead was permanently deleted');
}

function requireWritableLead(lead: LeadFacts): void {
  requireReadableLead(lead);
  if (lead.trashed) {
    throw new MailCommandRefused('conflict', 'The lead is in the recycle bin; restore it first');
  }
}

function requireHeaderSafe(field: string, value: string): void {
  if (HEADER_BREAK.test(value)) {
    throw new MailCommandRefused('invalid', `${field} must not contain line breaks`);
  }
}

function requireMessage(subject: string, body: string): void {
  if (body.trim() === '') throw new MailCommandRefused('invalid', 'body must not be empty');
  if (body.length > EMAIL_BODY_MAX_LENGTH) {
    throw new MailCommandRefused(
      'invalid',
      `body must be at most ${EMAIL_BODY_MAX_LENGTH} characters`,
    );
  }
  if (subject.length > EMAIL_SUBJECT_MAX_LENGTH) {
    throw new MailCommandRefused(
      'invalid',
      `subject must be at most ${EMAIL_SUBJECT_MAX_LENGTH} characters`,
    );
  }
}
