import type { HistoryDetailsByType } from '#src/contract/lead-history.js';
import type { MailEvent, MailEventType } from './mail.events.js';

/** A mail event as a lead's History entry: its type and the facts it shows. */
export type MailHistoryPart = {
  [K in MailEventType]: { type: K; details: HistoryDetailsByType[K] };
}[MailEventType];

/**
 * What a lead's History shows of its mail: facts and the subject, never a body. Subjects read
 * as null once the lead was erased.
 */
export function mailHistoryPart(event: MailEvent): MailHistoryPart {
  switch (event.type) {
    case 'EmailQueued':
      return {
        type: event.type,
        details: {
          kind: event.data.kind,
          subject: event.personalData?.subject ?? null,
          redacted: event.personalData === null,
        },
      };
    case 'EmailDelivered':
      return {
        type: event.type,
        details: { messageId: event.data.messageId, attempts: event.data.attempts },
      };
    case 'EmailDeliveryFailed':
      return {
        type: event.type,
        details: {
          messageId: event.data.messageId,
          reason: event.personalData?.reason ?? null,
          attempts: event.data.attempts,
        },
      };
    case 'EmailReceived':
      return {
        type: event.type,
        details: {
          source: event.data.source,
          subject: event.personalData?.subject ?? null,
          redacted: event.personalData === null,
        },
      };
    case 'EmailConversationRead':
      return { type: event.type, details: { messagesRead: event.data.messagesRead } };
  }
}
