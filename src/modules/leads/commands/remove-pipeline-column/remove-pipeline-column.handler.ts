import { isDeepStrictEqual } from 'node:util';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ConcurrencyError,
  RequirementChangedError,
} from '#src/platform/event-store/event-store.errors.js';
import type { StreamRequirement } from '#src/platform/event-store/event-store.types.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { LeadCommand } from '#src/modules/leads/domain/lead.decide.js';
import type { LeadState } from '#src/modules/leads/domain/lead.state.js';
import { LeadCommandRefused } from '#src/modules/leads/domain/lead.errors.js';
import { decide } from '#src/modules/leads/domain/pipeline.decide.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { LeadsInColumnReader } from '#src/modules/leads/queries/leads-in-column.reader.js';
import { RemovePipelineColumnCommand } from './remove-pipeline-column.command.js';

/**
 * Leads moved at a time before the removal. Their appends are group-committed with whatever else
 * is being written, so a quote arriving meanwhile waits behind one such batch, not behind them all.
 */
const MOVE_BATCH = 32;
/** A lead edited between its read and its move is read and moved again, this many times at most. */
const MOVE_ATTEMPTS = 3;

@CommandHandler(RemovePipelineColumnCommand)
export class RemovePipelineColumnHandler implements ICommandHandler<
  RemovePipelineColumnCommand,
  { movedLeads: number }
> {
  constructor(
    private readonly columns: PipelineColumnsRepository,
    private readonly leads: LeadRepository,
    private readonly eventStore: EventStore,
    private readonly leadsInColumn: LeadsInColumnReader,
  ) {}

  async execute(command: RemovePipelineColumnCommand): Promise<{ movedLeads: number }> {
    const { columns, version, statuses, requirement } = await this.columns.load();
    const decideFor = (leadCount: number) =>
      decide(
        { type: 'RemoveColumn', id: command.id, moveLeadsTo: command.moveLeadsTo, leadCount },
        columns,
      );
    const leadCount = (await this.leadsInColumn.find(command.id)).length;
    const events = decideFor(leadCount);
    // The column's leads move first, in short batches, while the column still exists: holding the
    // pipeline for the whole walk would stall every lead append (each requires the pipeline).
    const movedAhead = leadCount > 0 ? await this.moveAhead(command, statuses, requirement) : 0;
    // The removal and the moves of leads that arrived meanwhile commit together.
    return this.eventStore.inTransaction(async (transaction) => {
      // The removal is written first and so locks the pipeline: a lead created into this column
      // meanwhile requires the pipeline's version, so it either committed before the read below
      // (and is moved with the others) or fails and is decided again on the new columns.
      await this.columns.append(version, events, transaction);
      const held = await this.leadsInColumn.find(command.id, { db: transaction });
      // Leads that arrived meanwhile may change the decision (a move target becomes required).
      if (!isDeepStrictEqual(decideFor(leadCount + held.length), events)) {
        throw new LeadCommandRefused(
          'conflict',
          'Leads arrived in this column meanwhile; please try again',
        );
      }
      for (const lead of held) {
        await this.leads.change(lead.id, this.moveIfHeld(command, statuses), {
          expectedVersion: lead.version,
          transaction,
          personalData: false,
        });
      }
      return { movedLeads: movedAhead + held.length };
    });
  }

  /** Moves the column's leads out, a batch at a time, until a batch comes back short. */
  private async moveAhead(
    command: RemovePipelineColumnCommand,
    statuses: readonly string[],
    requirement: StreamRequirement,
  ): Promise<number> {
    let moved = 0;
    for (;;) {
      const batch = await this.leadsInColumn.find(command.id, { limit: MOVE_BATCH });
      const results = await Promise.all(
        batch.map((lead) => this.moveAheadOne(lead.id, command, statuses, requirement)),
      );
      const movedNow = results.filter(Boolean).length;
      moved += movedNow;
      // Whatever is left (or stuck) moves in the removal's own transaction.
      if (batch.length < MOVE_BATCH || movedNow === 0) return moved;
    }
  }

  /** Moves one lead if it is still in the column, on the columns the removal was decided on. */
  private async moveAheadOne(
    leadId: string,
    command: RemovePipelineColumnCommand,
    statuses: readonly string[],
    requirement: StreamRequirement,
  ): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { events } = await this.leads.change(leadId, this.moveIfHeld(command, statuses), {
          requires: requirement,
          personalData: false,
        });
        return events.length > 0;
      } catch (error) {
        if (error instanceof RequirementChangedError) {
          throw new LeadCommandRefused(
            'conflict',
            'The pipeline columns changed meanwhile; please try again',
          );
        }
        if (!(error instanceof ConcurrencyError) || attempt >= MOVE_ATTEMPTS) throw error;
      }
    }
  }

  /** The move of a lead still in the column; one moved or erased meanwhile stays as it is. */
  private moveIfHeld(command: RemovePipelineColumnCommand, statuses: readonly string[]) {
    return (state: LeadState): LeadCommand[] =>
      state.status === command.id && !state.erased
        ? [
            {
              type: 'ChangeLeadStatus',
              to: command.moveLeadsTo!,
              statuses,
              reason: 'column_removed',
            },
          ]
        : [];
  }
}
