import type { Queryable } from '#src/platform/database/queryable.js';
import type { InlineEvent, RecordedEvent } from '#src/platform/event-store/event-store.types.js';

/** Physical table names for one build of a projection, keyed by logical name. */
export type ProjectionTables = Record<string, string>;

export interface ProjectionContext {
  db: Queryable;
  tables: ProjectionTables;
}

/**
 * A read model derived from the event log. Live writes go through a view named after each
 * logical table, so a rebuild can fill fresh tables and switch the views atomically.
 */
export interface ProjectionDefinition {
  name: string;
  /** inline: in the appending transaction (read-your-writes); async: by the runner. */
  mode: 'inline' | 'async';
  /** Bump when the projection's logic or tables change: it is rebuilt at the next start. */
  version: number;
  /** Event types this projection consumes; an empty list means every type. */
  handles: readonly string[];
  needsPersonalData?: boolean;
  /**
   * A report over the whole history: built in the background at the first start and after a
   * version bump (its old build serving, marked outdated, meanwhile), and again whenever someone
   * asks for a rebuild.
   */
  rebuildOnRequest?: boolean;
  /**
   * An async projection whose readers can say it is being built: built in the background at
   * start (and after a version bump) while the app already serves, instead of before.
   */
  buildInBackground?: boolean;
  /** Logical table names owned by the projection. */
  tables: readonly string[];
  /** Creates the tables (and their indexes) under the physical names given. */
  createTables(ctx: ProjectionContext): Promise<void>;
  /**
   * Secondary indexes a build adds once the log is in, instead of `createTables`: built in bulk,
   * an index costs a fraction of what keeping it up row by row through the whole log does.
   */
  createIndexes?(ctx: ProjectionContext): Promise<void>;
  /**
   * Folds events in: an async projection's, as read from the log (`RecordedEvent`s, which it may
   * declare); an inline one's inside the appending transaction, without their place in the log.
   */
  apply(events: InlineEvent[], ctx: ProjectionContext): Promise<void>;
  /**
   * A build of the whole log uses this instead of `apply` when given: events are folded in memory
   * and written in a few large flushes. It must leave the same rows as `apply` would.
   */
  replay?(ctx: ProjectionContext): Promise<ProjectionReplay>;
}

/** A build's fold in memory; `ctx.tables` may already hold rows of an interrupted run. */
export interface ProjectionReplay {
  apply(events: RecordedEvent[]): Promise<void>;
  /** Writes what was folded since the last flush, inside the caller's transaction. */
  flush(db: Queryable): Promise<void>;
}

export const PROJECTION_METADATA = 'app:projection';
