import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';

const { id, number, text, messageId, optional, array } = field;

/** The plain and sealed shapes of a lead's mail events (mail.events.ts). */
export const MAIL_EVENT_DECLARATIONS: EventTypeDeclaration[] = [
  {
    type: 'EmailQueued',
    data: {
      messageId: id,
      kind: field.enum(['staff', 'quote', 'quote_notification', 'contact_notification']),
      headerMessageId: messageId,
      inReplyTo: optional(messageId),
      references: array(messageId),
      replyTo: messageId,
    },
    personalData: { to: text, subject: text, text, html: optional(text) },
  },
  { type: 'EmailDelivered', data: { messageId: id, smtpMessageId: messageId, attempts: number } },
  {
    type: 'EmailDeliveryFailed',
    data: { messageId: id, attempts: number },
    personalData: { reason: text },
  },
  {
    type: 'EmailReceived',
    data: {
      messageId: id,
      source: field.enum(['imap', 'staff']),
      headerMessageId: optional(messageId),
    },
    personalData: { from: text, subject: text, body: text },
  },
  { type: 'EmailConversationRead', data: { messagesRead: number } },
];
