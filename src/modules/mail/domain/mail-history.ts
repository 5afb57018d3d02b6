import type { MailEvent } from './mail.events.js';

/**
 * What a lead's History shows of its mail: facts and the subject, never a body. Subjects read
 * as null once the lead was erased.
 */
export function mailHistoryDetails(event: MailEvent): Record<string, unknown> {
  switch (event.type) {
    case 'EmailQueued':
      return {
        kind: event.data.kind,
        subject: event.personalData?.subject ?? null,
        redacted: event.personalData === null,
      };
    case 'EmailDelivered':
      return { messageId: event.data.messageId, attempts: event.data.attempts };
    case 'EmailDeliveryFailed':
      return {
        messageId: event.data.messageId,
        reason: event.data.reason,
        attempts: event.data.attempts,
      };
    case 'EmailReceived':
      return {
        source: event.data.source,
        subject: event.personalData?.subject ?? null,
        redacted: event.personalData === null,
      };
    case 'EmailConversationRead':
      return { messagesRead: event.data.messagesRead };
  }
}
