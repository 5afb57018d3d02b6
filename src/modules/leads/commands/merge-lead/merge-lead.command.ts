import { Command } from '@nestjs/cqrs';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';

/**
 * Merges lead `leadId` into lead `into` (docs/decisions/0127-duplicate-leads.md): `LeadMerged`
 * on the merged lead and `LeadAbsorbed` on the survivor, in one append. The result is the
 * survivor's new version.
 */
export class MergeLeadCommand extends Command<LeadVersionResult> {
  constructor(
    readonly leadId: string,
    readonly into: string,
    /** The merged lead's version the user saw; a newer lead is a 409. */
    readonly expectedVersion?: number,
  ) {
    super();
  }
}
