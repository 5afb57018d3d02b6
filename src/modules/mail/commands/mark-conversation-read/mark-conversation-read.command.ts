import { Command } from '@nestjs/cqrs';

/** Someone opened the lead's conversation: what the customer wrote counts as read. */
export class MarkConversationReadCommand extends Command<void> {
  constructor(readonly leadId: string) {
    super();
  }
}
