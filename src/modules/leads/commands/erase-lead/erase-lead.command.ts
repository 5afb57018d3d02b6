import { Command } from '@nestjs/cqrs';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';

/** GDPR erasure of a lead in the bin: its personal data becomes unreadable everywhere. */
export class EraseLeadCommand extends Command<LeadVersionResult> {
  constructor(
    readonly leadId: string,
    readonly expectedVersion?: number,
  ) {
    super();
  }
}
