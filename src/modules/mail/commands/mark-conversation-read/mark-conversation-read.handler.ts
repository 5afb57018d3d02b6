import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MailConversationRepository } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { MarkConversationReadCommand } from './mark-conversation-read.command.js';

@CommandHandler(MarkConversationReadCommand)
export class MarkConversationReadHandler implements ICommandHandler<MarkConversationReadCommand> {
  constructor(private readonly conversations: MailConversationRepository) {}

  async execute({ leadId }: MarkConversationReadCommand): Promise<void> {
    const { facts } = await this.conversations.loadLead(leadId);
    await this.conversations.change(leadId, () => ({ type: 'MarkConversationRead', lead: facts }));
  }
}
