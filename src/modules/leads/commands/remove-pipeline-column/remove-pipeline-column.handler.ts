import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
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
    const { columns, version } = await this.columns.load();
    // Trashed leads move too, so a restore never lands in a column that no longer exists.
    const { rows: held } = await this.pool.query<{ id: string; version: number }>(
      `select id, version from ${LEAD_LIST_TABLE} where status = $1 and erased_at is null`,
      [command.id],
    );
    const events = refusalsAsHttp(() =>
      decidePipeline(
        {
          type: 'RemoveColumn',
          id: command.id,
          moveLeadsTo: command.moveLeadsTo,
          leadCount: held.length,
        },
        columns,
      ),
    );
    const statuses = columns.map((c) => c.id);
    // All moves and the removal commit together; a lead changed meanwhile aborts the lot (409).
    await this.eventStore.inTransaction(async (transaction) => {
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
          { expectedVersion: lead.version, transaction },
        );
      }
      await this.columns.append(version, events, transaction);
    });
    return { movedLeads: held.length };
  }
}
