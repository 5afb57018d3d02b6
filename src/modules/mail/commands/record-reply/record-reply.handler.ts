import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MailConversationRepository } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { RecordReplyCommand } from './record-reply.command.js';

@CommandHandler(RecordReplyCommand)
export class RecordReplyHandler implements ICommandHandler<
  RecordReplyCommand,
  { messageId: string; recorded: boolean }
> {
  constructor(private readonly conversations: MailConversationRepository) {}

  async execute({ leadId, reply }: RecordReplyCommand) {
    const { facts, lead } = await this.conversations.loadLead(leadId, { personalData: true });
    const messageId = reply.messageId ?? randomUUID();
    const events = await this.conversations.change(leadId, () => ({
      type: 'RecordReply',
      lead: facts,
      messageId,
      source: reply.source,
      headerMessageId: reply.headerMessageId,
      from: reply.from ?? lead.contact?.email ?? '',
      subject: reply.subject?.trim() ?? '',
      body: reply.body,
    }));
    return { messageId, recorded: events.length > 0 };
  }
}
