import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { decide } from '#src/modules/leads/domain/lead.decide.js';
import { leadStreamId } from '#src/modules/leads/domain/lead.events.js';
import { LeadCommandRefused } from '#src/modules/leads/domain/lead.errors.js';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { MergeLeadCommand } from './merge-lead.command.js';

@CommandHandler(MergeLeadCommand)
export class MergeLeadHandler implements ICommandHandler<MergeLeadCommand, LeadVersionResult> {
  constructor(private readonly leads: LeadRepository) {}

  async execute({ leadId, into, expectedVersion }: MergeLeadCommand): Promise<LeadVersionResult> {
    // Nothing personal is needed to decide: neither lead's key is touched.
    const [merged, survivor] = await Promise.all([
      this.leads.load(leadId, { personalData: false }),
      into === leadId ? null : this.leads.load(into, { personalData: false }),
    ]);
    if (!merged.state.exists) throw new LeadCommandRefused('not_found', 'Lead not found');
    if (expectedVersion !== undefined && expectedVersion !== merged.version)
      throw new ConcurrencyError(
        leadStreamId(leadId),
        expectedVersion,
        merged.version,
        merged.lastChangedBy,
      );
    const mergedEvents = decide(
      { type: 'MergeLead', leadId, into, survivor: (survivor ?? merged).state },
      merged.state,
    );
    const absorbedEvents = decide({ type: 'AbsorbLead', from: leadId }, survivor!.state);
    // One append checks both versions as they were decided on: a change to either meanwhile is
    // the usual 409, and neither half is written without the other.
    const [, absorbed] = await this.leads.appendBoth([
      { leadId, expectedVersion: merged.version, events: mergedEvents },
      { leadId: into, expectedVersion: survivor!.version, events: absorbedEvents },
    ]);
    return { leadId: into, version: absorbed };
  }
}
