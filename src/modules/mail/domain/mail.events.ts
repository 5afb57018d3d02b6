import { leadSubjectId } from '#src/modules/leads/index.js';

/**
 * A lead's e-mail conversation is its own stream beside the lead's, sealed under the lead's data
 * subject: erasing the lead shreds its mail too, while deliveries and read marks never move the
 * lead's version that staff edit against (docs/decisions/0012-mail-outbox.md).
 */
export const MAIL_STREAM_TYPE = 'mail-conversation';
export const mailStreamId = (leadId: string) => `mail-${leadId}`;
export const leadIdFromMailStream = (streamId: string) => streamId.slice('mail-'.length);
export const mailSubjectId = leadSubjectId;

/** Why a message was sent: staff wrote it, or the intake sent it on its own. */
import type { EmailKind, ReplySource } from '#src/contract/mail.js';

export type { EmailKind, ReplySource };

export interface EmailQueuedData {
  messageId: string;
  kind: EmailKind;
  /** The Message-ID header, without angle brackets. */
  headerMessageId: string;
  inReplyTo?: string;
  references: string[];
  /** Identifies the lead when the customer replies. */
  replyTo: string;
}

export interface EmailQueuedPersonalData {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailQueued {
  type: 'EmailQueued';
  data: EmailQueuedData;
  /** null once the lead was erased. */
  personalData: EmailQueuedPersonalData | null;
}

export interface EmailDelivered {
  type: 'EmailDelivered';
  data: { messageId: string; smtpMessageId: string; attempts: number };
}

export interface EmailDeliveryFailed {
  type: 'EmailDeliveryFailed';
  data: { messageId: string; reason: string; attempts: number };
}

/** How a received message reached the conversation. */

export interface EmailReceivedPersonalData {
  from: string;
  subject: string;
  body: string;
}

export interface EmailReceived {
  type: 'EmailReceived';
  data: { messageId: string; source: ReplySource; headerMessageId?: string };
  personalData: EmailReceivedPersonalData | null;
}

export interface EmailConversationRead {
  type: 'EmailConversationRead';
  /** How many received messages this reading cleared. */
  data: { messagesRead: number };
}

export type MailEvent =
  EmailQueued | EmailDelivered | EmailDeliveryFailed | EmailReceived | EmailConversationRead;

export type MailEventType = MailEvent['type'];

export const EMAIL_QUEUED = 'EmailQueued';
export const EMAIL_DELIVERED = 'EmailDelivered';
export const EMAIL_DELIVERY_FAILED = 'EmailDeliveryFailed';
export const EMAIL_RECEIVED = 'EmailReceived';
export const EMAIL_CONVERSATION_READ = 'EmailConversationRead';

export const MAIL_EVENT_TYPES: readonly MailEventType[] = [
  EMAIL_QUEUED,
  EMAIL_DELIVERED,
  EMAIL_DELIVERY_FAILED,
  EMAIL_RECEIVED,
  EMAIL_CONVERSATION_READ,
];
