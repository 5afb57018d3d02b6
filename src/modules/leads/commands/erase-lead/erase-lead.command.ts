import { Command } from '@nestjs/cqrs';
import type { LeadErasureReason } from '#src/modules/leads/domain/lead.events.js';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';

/**
 * GDPR erasure: its personal data becomes unreadable everywhere. An admin erases from the bin
 * only; with a reason (retention, a restore repeating an erasure) any lead not yet erased goes.
 */
export class EraseLeadCommand extends Command<LeadVersionResult> {
  constructor(
    readonly leadId: string,
    readonly expectedVersion?: number,
    readonly reason?: LeadErasureReason,
  ) {
    super();
  }
}
