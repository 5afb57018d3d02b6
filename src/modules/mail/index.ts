/** The public face of the mail module: what other modules may import (docs/architecture.md#modules). */
export * from './domain/mail.events.js';
export { mailHistoryPart } from './domain/mail-history.js';
export { ConversationReader } from './queries/conversation.reader.js';
export { MailModule } from './mail.module.js';
