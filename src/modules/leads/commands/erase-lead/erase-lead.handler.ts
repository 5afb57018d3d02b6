import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { leadSubjectId } from '#src/modules/leads/domain/lead.events.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { DuplicateLeadsReader } from '#src/modules/leads/queries/duplicate-leads.reader.js';
import type { LeadVersionResult } from '#src/modules/leads/domain/lead.types.js';
import { ForgetVisitorCommand, visitorSubjectId } from '#src/modules/visualizer/index.js';
import { recordErasures } from '#src/platform/event-store/erasure-ledger.js';
import { EraseLeadCommand } from './erase-lead.command.js';

@CommandHandler(EraseLeadCommand)
export class EraseLeadHandler implements ICommandHandler<EraseLeadCommand, LeadVersionResult> {
  constructor(
    private readonly leads: LeadRepository,
    private readonly eventStore: EventStore,
    private readonly commandBus: CommandBus,
    private readonly duplicates: DuplicateLeadsReader,
  ) {}

  async execute(command: EraseLeadCommand): Promise<LeadVersionResult> {
    // The LeadErased event (and its inline redaction of the read model) and the key shredding
    // commit together: there is never an erased lead whose data is still readable, or vice versa.
    const { version, before } = await this.eventStore.inTransaction(async (transaction) => {
      const result = await this.leads.change(
        command.leadId,
        () => [{ type: 'EraseLead', reason: command.reason }],
        {
          expectedVersion: command.expectedVersion,
          transaction,
        },
      );
      await this.eventStore.personalData.erase(leadSubjectId(command.leadId), transaction);
      // Its visitor too: the key that held the lead's tie to them is gone, and a restore must
      // still know whose photos to forget again.
      if (result.before.visitorId)
        await recordErasures(transaction, [visitorSubjectId(result.before.visitorId)]);
      return result;
    });
    // Files are not part of the transaction: they go once the erasure is certain.
    if (before.visitorId) {
      await this.commandBus.execute(new ForgetVisitorCommand(before.visitorId));
    }
    // A lead merged into this one is the same person: erased with it, and in turn the leads
    // merged into that one (docs/decisions/0127-duplicate-leads.md).
    for (const mergedId of await this.duplicates.mergedInto(command.leadId)) {
      await this.commandBus.execute(new EraseLeadCommand(mergedId, undefined, 'survivor_erased'));
    }
    return { leadId: command.leadId, version };
  }
}
