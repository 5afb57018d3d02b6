import { Command } from '@nestjs/cqrs';
import type { LeadContact, LeadOrder } from '#src/modules/leads/domain/lead.events.js';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';

export interface UpdateLeadInput {
  leadId: string;
  /** The version the user saw; without it the change applies to the latest version. */
  expectedVersion?: number;
  contact?: Partial<LeadContact>;
  order?: Partial<LeadOrder>;
  status?: string;
  notes?: string;
  /** null takes the lead away from its owner. */
  ownerId?: string | null;
  followUpOn?: string;
  followUpNote?: string;
  /** Closes the open follow-up first; with `followUpOn` the next one follows. */
  followUpDone?: boolean;
  occurredAt?: Date;
}

/**
 * Changes any of a lead's details, status, notes, owner and follow-up; only what differs becomes
 * events.
 */
export class UpdateLeadCommand extends Command<LeadVersionResult> {
  constructor(readonly input: UpdateLeadInput) {
    super();
  }
}
