import type pg from 'pg';
import type { ActorRole } from '#src/platform/domain/actor.js';

export type JsonObject = Record<string, unknown>;

export interface EventMetadata {
  actorId: string | null;
  actorName: string;
  actorRole: ActorRole;
  correlationId: string;
  causationId: string | null;
  ipHash?: string;
  [key: string]: unknown;
}

/** An event about to be appended. Personal data is encrypted under `subjectId` before storage. */
export interface NewEvent<TData extends JsonObject = JsonObject> {
  type: string;
  data: TData;
  personalData?: JsonObject;
  eventId?: string;
  schemaVersion?: number;
  occurredAt?: Date;
}

export interface RecordedEvent<TData extends JsonObject = JsonObject> {
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: TData;
  /** Decrypted personal data; null once the data subject was erased; undefined when none. */
  personalData: JsonObject | null | undefined;
  metadata: EventMetadata;
  occurredAt: Date;
}

/** Position in the global order that async readers follow: commit-safe (transaction id, position). */
export interface LogPosition {
  transactionId: string;
  globalPosition: number;
}

export const LOG_START: LogPosition = { transactionId: '0', globalPosition: 0 };

export function isAfterPosition(a: LogPosition, b: LogPosition): boolean {
  const [ta, tb] = [BigInt(a.transactionId), BigInt(b.transactionId)];
  return ta > tb || (ta === tb && a.globalPosition > b.globalPosition);
}

/** `'no_stream'` for a stream that must not exist yet, `'any'` to skip the check. */
/**
 * An event as inline handlers see it: written by the transaction they run in, its place in the
 * log (global position, transaction id) not known to them. A group-committed batch may start its
 * handlers before the append statement has answered (docs/decisions/0040-leaner-public-requests.md).
 */
export type InlineEvent = Omit<RecordedEvent, 'globalPosition' | 'transactionId'>;

export type ExpectedVersion = number | 'no_stream' | 'any';

/** Another stream that must still be at `version` when the append commits. */
export interface StreamRequirement {
  streamId: string;
  version: number;
}

export interface AppendOptions {
  streamType: string;
  /** Append only while this stream is unchanged; it is share-locked until the commit. */
  requires?: StreamRequirement;
  /** The data subject whose key encrypts `personalData` (for example `lead:<id>`). */
  subjectId?: string;
  metadata?: Partial<EventMetadata>;
}

/** One stream's part of a multi-stream append. */
export interface AppendRequest {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
  options: AppendOptions;
}

/** An append's arguments: the stream, the version it must still be at, and its events. */
export type AppendArgs = [
  streamId: string,
  expectedVersion: ExpectedVersion,
  events: NewEvent[],
  options: AppendOptions,
  /** Takes part in the caller's transaction. */
  transaction?: pg.PoolClient,
];

export interface AppendResult {
  streamId: string;
  /** Version of the stream after the append. */
  nextVersion: number;
  globalPositions: number[];
  /** True when every event already existed: an idempotent retry. */
  duplicate: boolean;
}
