import type { LogPosition, RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { ProjectionDefinition, ProjectionTables } from './projection.types.js';

/** Live writes go through the views, which always point at the active build. */
export function liveTables(def: ProjectionDefinition): ProjectionTables {
  return Object.fromEntries(def.tables.map((t) => [t, t]));
}

export function versionedTables(def: ProjectionDefinition, version: number): ProjectionTables {
  return Object.fromEntries(def.tables.map((t) => [t, `${t}_v${version}`]));
}

export function positionOf(event: RecordedEvent): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}
