import { Command } from '@nestjs/cqrs';
import type { ReplySource } from '#src/modules/mail/domain/mail.events.js';

/** A customer's answer reaches the conversation: typed in by staff, or fetched over IMAP. */
export class RecordReplyCommand extends Command<{ messageId: string; recorded: boolean }> {
  constructor(
    readonly leadId: string,
    readonly reply: {
      body: string;
      subject?: string;
      /** The customer's address; the lead's own when not given. */
      from?: string;
      source: ReplySource;
      /** Message-ID header of an imported message: it is recorded once. */
      headerMessageId?: string;
      messageId?: string;
    },
  ) {
    super();
  }
}
