import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import type {
  ProjectionContext,
  ProjectionDefinition,
  ProjectionReplay,
} from '#src/platform/projections/projection.types.js';
import {
  createTableSql,
  ReportRowBuffer,
  type StoreTable,
} from '#src/modules/reports/projections/report-row-buffer.js';
import type { ReportContent } from '#src/contract/reports.js';

export const REPORT_METADATA = 'app:report';

/**
 * Marks a report: a projection over the whole history that the Reports tab lists, rebuilds on
 * request and shows. Writing one such class is all a new report takes.
 */
export const Report = (): ClassDecorator =>
  applyDecorators(Projection(), SetMetadata(REPORT_METADATA, true), Injectable());

/**
 * A report is an async projection built in the background at start (the first one, and the
 * first after its version changed) and rebuilt when someone asks, plus a reader that turns
 * its tables into a chart and tables. Names start with `report_`, and so do its tables. It folds
 * events into declared tables (`fold`); kept live, each batch is read and written at once, and a
 * build of the whole log folds in memory and writes now and then.
 */
export abstract class ReportProjection implements ProjectionDefinition {
  readonly mode = 'async' as const;
  readonly rebuildOnRequest = true;
  abstract readonly name: string;
  abstract readonly title: string;
  abstract readonly description: string;
  abstract readonly version: number;
  abstract readonly handles: readonly string[];
  /** The tables `fold` writes. */
  abstract readonly storeTables: readonly StoreTable[];
  readonly needsPersonalData: boolean = false;

  get tables(): readonly string[] {
    return this.storeTables.map((table) => table.name);
  }

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    for (const table of this.storeTables) await db.query(createTableSql(table, tables[table.name]));
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const rows = ReportRowBuffer.live(db, tables, this.storeTables);
    await this.fold(events, rows);
    await rows.flush(db);
  }

  async replay({ db, tables }: ProjectionContext): Promise<ProjectionReplay> {
    const rows = await ReportRowBuffer.replay(db, tables, this.storeTables);
    return { apply: (events) => this.fold(events, rows), flush: (tx) => rows.flush(tx) };
  }

  /** Folds events into the rows; loads the state rows a batch needs first. */
  protected abstract fold(events: RecordedEvent[], rows: ReportRowBuffer): Promise<void>;
  /** Reads the live tables (the views named in `tables`). */
  abstract read(db: Queryable): Promise<ReportContent>;
}
