import type { Queryable } from '#src/platform/database/queryable.js';
import type { EventStore } from '#src/platform/event-store/event-store.js';
import type { LogPosition, RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { ProjectionDefinition } from './projection.types.js';

/** An async projection's live build and where its checkpoint stands. */
export interface RunnerMember {
  def: ProjectionDefinition;
  version: number;
  position: LogPosition;
}

/** Projections at the same checkpoint: one read of the log serves them all. */
export interface RunnerGroup {
  position: LogPosition;
  members: RunnerMember[];
}

export interface SharedPage {
  events: RecordedEvent[];
  searchedTo: LogPosition;
  /** The page was full: there may be more to read after `searchedTo`. */
  full: boolean;
}

/** Groups projections by checkpoint: a projection behind the others reads on its own until it meets them. */
export function shareReads(members: RunnerMember[]): RunnerGroup[] {
  const groups = new Map<string, RunnerGroup>();
  for (const member of members) {
    const key = `${member.position.transactionId}:${member.position.globalPosition}`;
    const group = groups.get(key);
    if (group) group.members.push(member);
    else groups.set(key, { position: member.position, members: [member] });
  }
  return [...groups.values()];
}

/**
 * One page of the log for a whole group: the union of the members' types (every type when one of
 * them takes all), personal data opened once when any member needs it.
 */
export async function readGroup(
  eventStore: EventStore,
  db: Queryable,
  { position, members }: RunnerGroup,
  batchSize: number,
): Promise<SharedPage> {
  const defs = members.map((m) => m.def);
  const takesAll = defs.some((def) => def.handles.length === 0);
  const { events, searchedTo } = await eventStore.readPage(position, batchSize, {
    types: takesAll ? undefined : [...new Set(defs.flatMap((def) => def.handles))],
    personalData: defs.some((def) => def.needsPersonalData),
    db,
  });
  return { events, searchedTo, full: events.length === batchSize };
}

/**
 * The events of a shared page that one projection takes, as its own read would have given them:
 * only its types, and personal data closed (null) unless it asked for it.
 */
export function eventsFor(def: ProjectionDefinition, events: RecordedEvent[]): RecordedEvent[] {
  const types = def.handles.length > 0 ? new Set(def.handles) : null;
  const taken = types ? events.filter((event) => types.has(event.type)) : events;
  if (def.needsPersonalData) return taken;
  return taken.map((event) =>
    event.personalData === undefined ? event : { ...event, personalData: null },
  );
}
