import { Command } from '@nestjs/cqrs';
import type { LeadVersionResult } from '#src/modules/leads/commands/update-lead/update-lead.command.js';

export class RestoreLeadCommand extends Command<LeadVersionResult> {
  constructor(
    readonly leadId: string,
    readonly expectedVersion?: number,
    readonly occurredAt?: Date,
  ) {
    super();
  }
}
