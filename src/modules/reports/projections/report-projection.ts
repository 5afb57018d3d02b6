import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import type {
  ProjectionContext,
  ProjectionDefinition,
} from '#src/platform/projections/projection.types.js';
import type { ReportContent } from '#src/contract/reports.js';

export const REPORT_METADATA = 'app:report';

/**
 * Marks a report: a projection over the whole history that the Reports tab lists, builds on
 * request and shows. Writing one such class is all a new report takes.
 */
export const Report = (): ClassDecorator =>
  applyDecorators(Projection(), SetMetadata(REPORT_METADATA, true), Injectable());

/**
 * A report is an async projection built only when someone asks for it, plus a reader that turns
 * its tables into a chart and tables. Names start with `report_`, and so do its tables.
 */
export abstract class ReportProjection implements ProjectionDefinition {
  readonly mode = 'async' as const;
  readonly buildOnRequest = true;
  abstract readonly name: string;
  abstract readonly title: string;
  abstract readonly description: string;
  abstract readonly version: number;
  abstract readonly handles: readonly string[];
  abstract readonly tables: readonly string[];
  readonly needsPersonalData: boolean = false;

  abstract createTables(ctx: ProjectionContext): Promise<void>;
  abstract apply(events: RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /** Reads the live tables (the views named in `tables`). */
  abstract read(db: Queryable): Promise<ReportContent>;
}
