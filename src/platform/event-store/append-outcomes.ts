import type { Queryable } from '#src/platform/database/queryable.js';
import { ConcurrencyError } from './event-store.errors.js';
import {
  SELECT_STORED_EVENTS,
  STREAM_VERSION_AND_LAST_ACTOR,
  type StoredEventRow,
} from './event-store.sql.js';
import type {
  AppendResult,
  EventMetadata,
  ExpectedVersion,
  NewEvent,
  StreamRequirement,
} from './event-store.types.js';

/** An append as the store carries it from the caller to the database. */
export interface PendingAppend {
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
  eventIds: string[];
  /** Caller-given event ids: the append may repeat one already stored. */
  retryable: boolean;
  subjectId?: string;
  requires?: StreamRequirement;
  /** Taken from the caller's request context when the append was asked for. */
  metadata: EventMetadata;
  tries: number;
}

export type Outcome =
  | { kind: 'stored'; result: AppendResult }
  /** The stream's expected version, or the version of the stream it requires, did not hold. */
  | { kind: 'stale' };

/** The earlier append `eventIds` belong to, if all of them are stored on `streamId`. */
export async function findDuplicate(
  db: Queryable,
  streamId: string,
  eventIds: string[],
): Promise<AppendResult | null> {
  const { rows } = await db.query<StoredEventRow>(SELECT_STORED_EVENTS, [eventIds]);
  return duplicateIn(rows, streamId, eventIds);
}

/** The appends whose events are all stored already, with what they stored: one query for all. */
export async function storedAppends<A extends PendingAppend>(
  db: Queryable,
  appends: readonly A[],
): Promise<Map<A, AppendResult>> {
  const stored = new Map<A, AppendResult>();
  if (appends.length === 0) return stored;
  const { rows } = await db.query<StoredEventRow>(SELECT_STORED_EVENTS, [
    appends.flatMap((append) => append.eventIds),
  ]);
  for (const append of appends) {
    const earlier = duplicateIn(rows, append.streamId, append.eventIds);
    if (earlier) stored.set(append, earlier);
  }
  return stored;
}

/** The error for an append whose expected version did not hold, naming who moved the stream. */
export async function concurrencyError(
  db: Queryable,
  streamId: string,
  expected: ExpectedVersion,
): Promise<ConcurrencyError> {
  const { rows } = await db.query<{ version: number; actor: string | null }>(
    STREAM_VERSION_AND_LAST_ACTOR,
    [streamId],
  );
  return new ConcurrencyError(streamId, expected, rows[0]?.version ?? null, rows[0]?.actor ?? null);
}

function duplicateIn(
  rows: StoredEventRow[],
  streamId: string,
  eventIds: string[],
): AppendResult | null {
  const wanted = new Set(eventIds);
  const own = rows.filter((row) => wanted.has(row.event_id));
  if (own.length !== eventIds.length || own.some((row) => row.stream_id !== streamId)) return null;
  return {
    streamId,
    nextVersion: own[own.length - 1].stream_version,
    globalPositions: own.map((row) => Number(row.global_position)),
    duplicate: true,
  };
}
