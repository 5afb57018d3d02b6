import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';
import { TrashLeadCommand } from './trash-lead.command.js';

@CommandHandler(TrashLeadCommand)
export class TrashLeadHandler implements ICommandHandler<TrashLeadCommand, LeadVersionResult> {
  constructor(private readonly leads: LeadRepository) {}

  async execute(command: TrashLeadCommand): Promise<LeadVersionResult> {
    const { version } = await this.leads.change(command.leadId, () => [{ type: 'TrashLead' }], {
      expectedVersion: command.expectedVersion,
      occurredAt: command.occurredAt,
      personalData: false,
    });
    return { leadId: command.leadId, version };
  }
}
