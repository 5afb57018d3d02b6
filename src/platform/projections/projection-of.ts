import type { InlineEvent } from '#src/platform/event-store/event-store.types.js';
import type { ProjectionContext, ProjectionDefinition } from './projection.types.js';

/** What a projection says about itself, apart from how it creates, folds and replays. */
export type ProjectionShape = Pick<
  ProjectionDefinition,
  'name' | 'mode' | 'version' | 'handles' | 'tables' | 'needsPersonalData' | 'buildInBackground'
>;

/**
 * The base class of a projection, its shape declared in one object:
 * `class LeadStatsProjection extends projectionOf({ name, mode: 'async', version: 2, handles, tables })`.
 */
export function projectionOf(shape: ProjectionShape) {
  abstract class DeclaredProjection implements ProjectionDefinition {
    readonly name = shape.name;
    readonly mode = shape.mode;
    readonly version = shape.version;
    readonly handles = shape.handles;
    readonly tables = shape.tables;
    readonly needsPersonalData = shape.needsPersonalData ?? false;
    readonly buildInBackground = shape.buildInBackground ?? false;

    abstract createTables(ctx: ProjectionContext): Promise<void>;
    abstract apply(events: InlineEvent[], ctx: ProjectionContext): Promise<void>;
  }
  return DeclaredProjection;
}
