import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction, type Queryable } from '#src/platform/database/queryable.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { ConcurrencyError } from './event-store.errors.js';
import type {
  AppendOptions,
  AppendResult,
  EventMetadata,
  ExpectedVersion,
  JsonObject,
  LogPosition,
  NewEvent,
  RecordedEvent,
} from './event-store.types.js';
import {
  PERSONAL_DATA_FIELD,
  type PersonalDataEnvelope,
  type PersonalDataVault,
} from './personal-data-vault.js';
import type { UpcasterRegistry } from './upcasters.js';

export const EVENTS_CHANNEL = 'events_appended';

/** Called inside the appending transaction with the events just written. */
export type InlineEventHandler = (events: RecordedEvent[], db: Queryable) => Promise<void>;

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: JsonObject;
  metadata: EventMetadata;
  occurred_ms: number;
}

const appendSql = (notify: boolean) => `
  with bumped as (
    update streams set version = version + $4
    where stream_id = $1 and ($3::int is null or version = $3)
    returning version
  ), created as (
    insert into streams (stream_id, type, version)
    select $1, $2, $4 where $3::int is null or $3 = 0
    on conflict (stream_id) do nothing
    returning version
  ), stream as (
    select version from bumped union all select version from created limit 1
  ), appended as (
    insert into events (stream_id, stream_version, event_id, type, schema_version, data, metadata, occurred_at)
    select $1, stream.version - $4 + e.ord, e.event_id, e.type, e.schema_version, e.data, e.metadata, e.occurred_at
    from stream, unnest($5::uuid[], $6::text[], $7::int[], $8::jsonb[], $9::jsonb[], $10::timestamptz[])
      with ordinality as e(event_id, type, schema_version, data, metadata, occurred_at, ord)
    returning global_position, stream_version, transaction_id::text
  )
  select global_position, stream_version, transaction_id
    ${notify ? `, pg_notify('${EVENTS_CHANNEL}', '')::text as notified` : ''}
  from appended order by stream_version`;

/**
 * Prepared once per connection: planning this statement costs more than running it. NOTIFY
 * serialises committing transactions on a server-wide lock, so appends that commit here announce
 * themselves after the commit, coalesced; only appends inside a caller's transaction (which
 * commits later, out of sight) notify in the statement itself, delivered at that commit.
 */
const APPEND = { name: 'event-store-append', text: appendSql(false) };
const APPEND_AND_NOTIFY = { name: 'event-store-append-notify', text: appendSql(true) };

// The transaction id is selected as text (JavaScript has no 64-bit integers); ORDER BY must
// name the table's xid8 column (events.transaction_id), or it sorts by that text.
// occurred_at travels as epoch milliseconds: parsing timestamp text was a tenth of replay time.
const SELECT_COLUMNS = `global_position, transaction_id::text as transaction_id, stream_id, stream_version,
  event_id, type, schema_version, data, metadata,
  (extract(epoch from occurred_at) * 1000)::float8 as occurred_ms`;

/**
 * The append-only event log: optimistic concurrency per stream, idempotent retries by event id,
 * commit-order-safe global reads, personal data encrypted per data subject.
 */
export class EventStore {
  private inlineHandlers: { handles: Set<string> | null; handle: InlineEventHandler }[] = [];
  private announcing: Promise<void> | null = null;
  private announceAgain = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly vault: PersonalDataVault,
    private readonly upcasters: UpcasterRegistry,
  ) {}

  registerInlineHandler(handles: readonly string[], handle: InlineEventHandler): void {
    this.inlineHandlers.push({ handles: handles.length ? new Set(handles) : null, handle });
  }

  get personalData(): PersonalDataVault {
    return this.vault;
  }

  /**
   * Appends events to a stream if its version is still `expectedVersion`. One statement checks
   * and bumps the version and inserts the events; inline projections run in the same transaction.
   * Pass `transaction` to take part in a caller's transaction.
   */
  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
    transaction?: pg.PoolClient,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const metadata = this.metadataFor(options.metadata);
    const eventIds = events.map((event) => event.eventId ?? randomUUID());
    const retryable = events.some((event) => event.eventId !== undefined);
    const handlers = this.handlersFor(events);
    // The subject's key may be created on the way, so it must roll back with a failed append.
    const needsKey = events.some((event) => event.personalData);
    const run = async (db: Queryable): Promise<AppendResult | null> => {
      // A retry found before writing keeps a caller's transaction usable.
      if (retryable) {
        const earlier = await this.findDuplicate(streamId, eventIds, db);
        if (earlier) return earlier;
      }
      const stored = await this.toStoredData(events, options.subjectId, db);
      const now = new Date();
      const schemaVersions = events.map(
        (e) => e.schemaVersion ?? this.upcasters.currentVersion(e.type),
      );
      const occurredAt = events.map((e) => e.occurredAt ?? now);
      const params = [
        streamId,
        options.streamType,
        expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? 0 : expectedVersion,
        events.length,
        eventIds,
        events.map((e) => e.type),
        schemaVersions,
        stored.map((data) => JSON.stringify(data)),
        events.map(() => JSON.stringify(metadata)),
        occurredAt,
      ];
      const { rows } = await db.query<{
        global_position: string;
        stream_version: number;
        transaction_id: string;
      }>({ ...(transaction ? APPEND_AND_NOTIFY : APPEND), values: params });
      if (rows.length === 0) return null;
      if (handlers.length > 0) {
        const recorded: RecordedEvent[] = rows.map((row, i) => ({
          globalPosition: Number(row.global_position),
          transactionId: row.transaction_id,
          streamId,
          streamVersion: row.stream_version,
          eventId: eventIds[i],
          type: events[i].type,
          schemaVersion: schemaVersions[i],
          data: events[i].data,
          personalData: events[i].personalData,
          metadata,
          occurredAt: occurredAt[i],
        }));
        for (const handler of handlers) {
          await handler.handle(
            recorded.filter((e) => !handler.handles || handler.handles.has(e.type)),
            db,
          );
        }
      }
      return {
        streamId,
        nextVersion: rows[rows.length - 1].stream_version,
        globalPositions: rows.map((r) => Number(r.global_position)),
        duplicate: false,
      };
    };
    const attempt = () =>
      transaction
        ? run(transaction)
        : handlers.length > 0 || needsKey
          ? this.inTransaction(run)
          : run(this.pool);

    for (let tries = 1; ; tries++) {
      let result: AppendResult | null;
      try {
        result = await attempt();
      } catch (error) {
        // Two retries raced: the loser's statement failed on the unique event id. Inside a
        // caller's transaction that transaction is now aborted, so the error must surface.
        if (!transaction && isUniqueViolation(error, 'events_event_id_key')) {
          const earlier = await this.findDuplicate(streamId, eventIds, this.pool);
          if (earlier) return earlier;
        }
        throw error;
      }
      if (result) {
        if (!transaction && !result.duplicate) this.announceAppend();
        return result;
      }
      const db = transaction ?? this.pool;
      // Ids generated here just now cannot have been stored before: only a retry can be a duplicate.
      const earlier = retryable ? await this.findDuplicate(streamId, eventIds, db) : null;
      if (earlier) return earlier;
      // 'any' loses only when another writer created the stream in the same instant: go again.
      if (expectedVersion !== 'any' || tries >= 3) {
        throw await this.concurrencyError(streamId, expectedVersion, db);
      }
    }
  }

  async readStream(streamId: string, fromVersion = 1): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${SELECT_COLUMNS} from events where stream_id = $1 and stream_version >= $2 order by stream_version`,
      [streamId, fromVersion],
    );
    return this.toRecorded(rows, true);
  }

  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(
      'select version from streams where stream_id = $1',
      [streamId],
    );
    return rows[0]?.version ?? 0;
  }

  /**
   * Reads committed events after `after` in commit-safe order. Events of transactions still in
   * flight (even with lower positions) are held back until they end, so none is ever skipped.
   */
  async readAll(
    after: LogPosition,
    batchSize = 1000,
    options: {
      types?: readonly string[];
      personalData?: boolean;
      db?: Queryable;
      /** Only while appends are locked out: every visible event is then committed. */
      includeRecent?: boolean;
    } = {},
  ): Promise<RecordedEvent[]> {
    const types = options.types?.length ? options.types : null;
    const { rows } = await (options.db ?? this.pool).query<EventRow>(
      `select ${SELECT_COLUMNS} from events
       where (transaction_id, global_position) > ($1::xid8, $2::bigint)
         ${options.includeRecent ? '' : 'and transaction_id < pg_snapshot_xmin(pg_current_snapshot())'}
         ${types ? 'and type = any($4)' : ''}
       order by events.transaction_id, events.global_position
       limit $3`,
      types
        ? [after.transactionId, after.globalPosition, batchSize, types]
        : [after.transactionId, after.globalPosition, batchSize],
    );
    return this.toRecorded(rows, options.personalData ?? false, options.db);
  }

  /** The position just past the newest event every reader can see now. */
  async headPosition(): Promise<LogPosition> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id::text, global_position from events
       where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by events.transaction_id desc, events.global_position desc limit 1`,
    );
    return rows[0]
      ? { transactionId: rows[0].transaction_id, globalPosition: Number(rows[0].global_position) }
      : { transactionId: '0', globalPosition: 0 };
  }

  inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  /** Resolves once no wake-up query is in flight: call before closing the pool. */
  async drain(): Promise<void> {
    while (this.announcing) await this.announcing;
  }

  /** Wakes async projection runners (of every instance); one NOTIFY in flight at a time. */
  private announceAppend(): void {
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = this.pool
      .query(`select pg_notify('${EVENTS_CHANNEL}', '')`)
      .then(
        () => undefined,
        () => undefined, // runners poll as well; a lost wake-up only delays them
      )
      .finally(() => {
        this.announcing = null;
        if (this.announceAgain) {
          this.announceAgain = false;
          this.announceAppend();
        }
      });
  }

  private handlersFor(events: NewEvent[]) {
    return this.inlineHandlers.filter(
      (h) => !h.handles || events.some((e) => h.handles!.has(e.type)),
    );
  }

  private metadataFor(extra: Partial<EventMetadata> = {}): EventMetadata {
    const context = RequestContext.current();
    const actor = context?.actor ?? { id: null, name: 'system', role: 'system' as const };
    const correlationId = context?.requestId ?? randomUUID();
    return {
      actorId: actor.id,
      actorName: actor.name,
      actorRole: actor.role,
      correlationId,
      causationId: context?.causationId ?? correlationId,
      ...(context?.ipHash ? { ipHash: context.ipHash } : {}),
      ...extra,
    };
  }

  private async toStoredData(events: NewEvent[], subjectId: string | undefined, db: Queryable) {
    if (!events.some((event) => event.personalData)) return events.map((event) => event.data);
    if (!subjectId) throw new Error('events carry personal data but no subjectId was given');
    const key = await this.vault.keyFor(subjectId, db);
    return events.map((event) =>
      event.personalData
        ? {
            ...event.data,
            [PERSONAL_DATA_FIELD]: this.vault.seal(key, subjectId, event.personalData),
          }
        : event.data,
    );
  }

  private async toRecorded(
    rows: EventRow[],
    withPersonalData: boolean,
    db: Queryable = this.pool,
  ): Promise<RecordedEvent[]> {
    const sealed = rows.map(
      (row) => row.data[PERSONAL_DATA_FIELD] as PersonalDataEnvelope | undefined,
    );
    const opened = withPersonalData
      ? await this.vault.openMany(
          sealed.filter((e): e is PersonalDataEnvelope => e !== undefined),
          db,
        )
      : [];
    let openedIndex = 0;
    return rows.map((row, i) => {
      const plain = sealed[i] === undefined ? row.data : withoutEnvelope(row.data);
      const { data, schemaVersion } = this.upcasters.upcast(row.type, row.schema_version, plain);
      const personalData =
        sealed[i] === undefined ? undefined : withPersonalData ? opened[openedIndex++] : null;
      return {
        globalPosition: Number(row.global_position),
        transactionId: row.transaction_id,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        eventId: row.event_id,
        type: row.type,
        schemaVersion,
        data,
        personalData,
        metadata: row.metadata,
        occurredAt: new Date(row.occurred_ms),
      };
    });
  }

  private async findDuplicate(
    streamId: string,
    eventIds: string[],
    db: Queryable,
  ): Promise<AppendResult | null> {
    const { rows } = await db.query<{
      global_position: string;
      stream_version: number;
      stream_id: string;
    }>(
      'select global_position, stream_version, stream_id from events where event_id = any($1) order by stream_version',
      [eventIds],
    );
    if (rows.length !== eventIds.length || rows.some((r) => r.stream_id !== streamId)) return null;
    return {
      streamId,
      nextVersion: rows[rows.length - 1].stream_version,
      globalPositions: rows.map((r) => Number(r.global_position)),
      duplicate: true,
    };
  }

  private async concurrencyError(
    streamId: string,
    expected: ExpectedVersion,
    db: Queryable,
  ): Promise<ConcurrencyError> {
    const { rows } = await db.query<{ version: number; actor: string | null }>(
      `select s.version, (select e.metadata->>'actorName' from events e
         where e.stream_id = s.stream_id order by e.stream_version desc limit 1) as actor
       from streams s where s.stream_id = $1`,
      [streamId],
    );
    return new ConcurrencyError(
      streamId,
      expected,
      rows[0]?.version ?? null,
      rows[0]?.actor ?? null,
    );
  }
}

function withoutEnvelope(data: JsonObject): JsonObject {
  const { [PERSONAL_DATA_FIELD]: _sealed, ...plain } = data;
  return plain;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === constraint;
}
