import { Command } from '@nestjs/cqrs';

/** A team member writes to the lead's customer. */
export class SendEmailCommand extends Command<{ messageId: string }> {
  constructor(
    readonly leadId: string,
    readonly body: string,
    readonly subject?: string,
    /** What the client claimed as sender and recipient; only the real ones are accepted. */
    readonly claimed: { fromEmail?: string; toEmail?: string } = {},
  ) {
    super();
  }
}
