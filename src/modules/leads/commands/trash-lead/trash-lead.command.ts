import { Command } from '@nestjs/cqrs';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';

export class TrashLeadCommand extends Command<LeadVersionResult> {
  constructor(
    readonly leadId: string,
    readonly expectedVersion?: number,
    readonly occurredAt?: Date,
  ) {
    super();
  }
}
