import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MailCommandRefused } from '#src/modules/mail/domain/mail.errors.js';
import { MailDeliveryWorker } from '#src/modules/mail/delivery/mail-delivery-worker.js';
import { MailConversationRepository } from '#src/modules/mail/infrastructure/mail-conversation.repository.js';
import { MailSettings } from '#src/modules/mail/infrastructure/mail-settings.js';
import { renderStaffMessage } from '#src/modules/mail/templates/staff-message.js';
import { SendEmailCommand } from './send-email.command.js';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

@CommandHandler(SendEmailCommand)
export class SendEmailHandler implements ICommandHandler<SendEmailCommand, { messageId: string }> {
  constructor(
    private readonly conversations: MailConversationRepository,
    private readonly settings: MailSettings,
    private readonly worker: MailDeliveryWorker,
  ) {}

  async execute(command: SendEmailCommand): Promise<{ messageId: string }> {
    const { facts, lead } = await this.conversations.loadLead(command.leadId, {
      personalData: true,
    });
    const to = lead.contact?.email ?? '';
    const { fromEmail, toEmail } = command.claimed;
    // The sender is always the company mailbox and the recipient the lead's customer: a client
    // naming anyone else is refused rather than silently corrected.
    if (fromEmail != null && !sameAddress(fromEmail, this.settings.company.email)) {
      throw new MailCommandRefused('invalid', 'fromEmail must be the company mailbox');
    }
    if (toEmail != null && facts.exists && !facts.erased && !sameAddress(toEmail, to)) {
      throw new MailCommandRefused('invalid', "toEmail must be the lead's e-mail address");
    }
    const messageId = randomUUID();
    const subject = command.subject?.trim() || this.settings.defaultSubject;
    await this.conversations.change(command.leadId, () => ({
      type: 'QueueEmail',
      lead: facts,
      messageId,
      kind: 'staff',
      headerMessageId: this.settings.headerMessageId(messageId),
      replyTo: this.settings.replyAddressFor(command.leadId),
      to,
      ...renderStaffMessage(subject, command.body),
    }));
    this.worker.wake();
    return { messageId };
  }
}
