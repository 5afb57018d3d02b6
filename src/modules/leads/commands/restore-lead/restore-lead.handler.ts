import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';
import { RestoreLeadCommand } from './restore-lead.command.js';

@CommandHandler(RestoreLeadCommand)
export class RestoreLeadHandler implements ICommandHandler<RestoreLeadCommand, LeadVersionResult> {
  constructor(private readonly leads: LeadRepository) {}

  async execute(command: RestoreLeadCommand): Promise<LeadVersionResult> {
    const { version } = await this.leads.change(command.leadId, () => [{ type: 'RestoreLead' }], {
      expectedVersion: command.expectedVersion,
      occurredAt: command.occurredAt,
      personalData: false,
    });
    return { leadId: command.leadId, version };
  }
}
