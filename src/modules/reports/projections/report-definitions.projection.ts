import { Injectable } from '@nestjs/common';
import type { InlineEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import {
  type ReportDefinitionData,
  ReportDefinitionEvents,
  REPORT_DEFINITION_EVENT_TYPES,
} from '#src/modules/reports/domain/report-definition.events.js';

export const REPORT_DEFINITIONS_TABLE = 'report_definitions';

/**
 * Every revision of every report an admin defined, with who defined it and when. Inline, so the
 * answer to a definition already finds it; each process builds its defined reports from it.
 */
@Projection()
@Injectable()
export class ReportDefinitionsProjection extends projectionOf({
  name: REPORT_DEFINITIONS_TABLE,
  mode: 'inline',
  version: 1,
  handles: REPORT_DEFINITION_EVENT_TYPES,
  tables: [REPORT_DEFINITIONS_TABLE],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(`create table ${tables[REPORT_DEFINITIONS_TABLE]} (
      definition_id text not null,
      revision int not null,
      definition jsonb not null,
      defined_by text not null,
      defined_at timestamptz not null,
      removed_at timestamptz,
      primary key (definition_id, revision)
    )`);
  }

  async apply(events: InlineEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const table = tables[REPORT_DEFINITIONS_TABLE];
    for (const event of events) {
      const data = event.data as unknown as ReportDefinitionData;
      if (event.type === ReportDefinitionEvents.ReportDefinitionRemoved) {
        await db.query(`update ${table} set removed_at = $2 where definition_id = $1`, [
          data.definitionId,
          event.occurredAt,
        ]);
        continue;
      }
      await db.query(
        `insert into ${table} (definition_id, revision, definition, defined_by, defined_at)
         values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [
          data.definitionId,
          data.revision,
          JSON.stringify(data),
          event.metadata.actorName,
          event.occurredAt,
        ],
      );
    }
  }
}
