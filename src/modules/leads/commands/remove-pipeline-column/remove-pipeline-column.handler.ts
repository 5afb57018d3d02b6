import { ConflictException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { decidePipeline } from '#src/modules/leads/domain/pipeline-columns.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { refusalsAsHttp } from '#src/modules/leads/infrastructure/refusal-to-http.js';
import { LEAD_LIST_TABLE } from '#src/modules/leads/projections/lead-list/lead-list.projection.js';
import { RemovePipelineColumnCommand } from './remove-pipeline-column.command.js';

@CommandHandler(RemovePipelineColumnCommand)
export class RemovePipelineColumnHandler implements ICommandHandler<
  RemovePipelineColumnCommand,
  { movedLeads: number }
> {
  constructor(
    private readonly columns: PipelineColumnsRepository,
    private readonly leads: LeadRepository,
    private readonly eventStore: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute(command: RemovePipelineColumnCommand): Promise<{ movedLeads: number }> {
    const { columns, version, statuses } = await this.columns.load();
    const decideFor = (leadCount: number) =>
      refusalsAsHttp(() =>
        decidePipeline(
          { type: 'RemoveColumn', id: command.id, moveLeadsTo: command.moveLeadsTo, leadCount },
          columns,
        ),
      );
    const events = decideFor((await this.heldLeads(command.id, this.pool)).length);
    // All moves and the removal commit together; a lead changed meanwhile aborts the lot (409).
    return this.eventStore.inTransaction(async (transaction) => {
      // The removal is written first and so locks the pipeline: a lead created into this column
      // meanwhile requires the pipeline's version, so it either committed before the read below
      // (and is moved with the others) or fails and is decided again on the new columns.
      await this.columns.append(version, events, transaction);
      const held = await this.heldLeads(command.id, transaction);
      if (JSON.stringify(decideFor(held.length)) !== JSON.stringify(events)) {
        throw new ConflictException('Leads arrived in this column meanwhile; please try again');
      }
      for (const lead of held) {
        await this.leads.change(
          lead.id,
          () => [
            {
              type: 'ChangeLeadStatus',
              to: command.moveLeadsTo!,
              statuses,
              reason: 'column_removed',
            },
          ],
          { expectedVersion: lead.version, transaction, personalData: false },
        );
      }
      return { movedLeads: held.length };
    });
  }

  /** Trashed leads move too, so a restore never lands in a column that no longer exists. */
  private async heldLeads(
    status: string,
    db: Queryable,
  ): Promise<{ id: string; version: number }[]> {
    const { rows } = await db.query<{ id: string; version: number }>(
      `select id, version from ${LEAD_LIST_TABLE} where status = $1 and erased_at is null`,
      [status],
    );
    return rows;
  }
}
