import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
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
  occurred_at: Date;
}

const APPEND_SQL = `
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
  select global_position, stream_version, transaction_id, pg_notify('${EVENTS_CHANNEL}', '')::text as notified
  from appended order by stream_version`;

const SELECT_COLUMNS = `global_position, transaction_id::text as transaction_id, stream_id, stream_version,
  event_id, type, schema_version, data, metadata, occurred_at`;

/**
 * The append-only event log: optimistic concurrency per stream, idempotent retries by event id,
 * commit-order-safe global reads, personal data encrypted per data subject.
 */
export class EventStore {
  private inlineHandlers: { handles: Set<string> | null; handle: InlineEventHandler }[] = [];

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
    const handlers = this.handlersFor(events);
    const run = async (db: Queryable) => {
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
      }>(APPEND_SQL, params);
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
      return rows;
    };

    let rows: Awaited<ReturnType<typeof run>>;
    try {
      rows = transaction
        ? await run(transaction)
        : handlers.length > 0 || options.subjectId
          ? await this.inTransaction(run)
          : await run(this.pool);
    } catch (error) {
      if (isUniqueViolation(error, 'events_event_id_key')) {
        const retry = await this.findDuplicate(streamId, eventIds);
        if (retry) return retry;
      }
      throw error;
    }
    if (rows === null) {
      const retry = await this.findDuplicate(streamId, eventIds);
      if (retry) return retry;
      throw await this.concurrencyError(streamId, expectedVersion);
    }
    return {
      streamId,
      nextVersion: rows[rows.length - 1].stream_version,
      globalPositions: rows.map((r) => Number(r.global_position)),
      duplicate: false,
    };
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
       order by transaction_id, global_position
       limit $3`,
      types
        ? [after.transactionId, after.globalPosition, batchSize, types]
        : [after.transactionId, after.globalPosition, batchSize],
    );
    return this.toRecorded(rows, options.personalData ?? false);
  }

  /** The position just past the newest event every reader can see now. */
  async headPosition(): Promise<LogPosition> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id::text, global_position from events
       where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by transaction_id desc, global_position desc limit 1`,
    );
    return rows[0]
      ? { transactionId: rows[0].transaction_id, globalPosition: Number(rows[0].global_position) }
      : { transactionId: '0', globalPosition: 0 };
  }

  async inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
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
    return Promise.all(
      events.map(async (event) => {
        if (!event.personalData) return event.data;
        if (!subjectId)
          throw new Error(`${event.type} carries personal data but no subjectId was given`);
        return {
          ...event.data,
          [PERSONAL_DATA_FIELD]: await this.vault.seal(subjectId, event.personalData, db),
        };
      }),
    );
  }

  private async toRecorded(rows: EventRow[], withPersonalData: boolean): Promise<RecordedEvent[]> {
    const sealed = rows.map(
      (row) => row.data[PERSONAL_DATA_FIELD] as PersonalDataEnvelope | undefined,
    );
    const opened = withPersonalData
      ? await this.vault.openMany(sealed.filter((e): e is PersonalDataEnvelope => e !== undefined))
      : [];
    let openedIndex = 0;
    return rows.map((row, i) => {
      const { [PERSONAL_DATA_FIELD]: _sealed, ...plain } = row.data;
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
        occurredAt: row.occurred_at,
      };
    });
  }

  private async findDuplicate(streamId: string, eventIds: string[]): Promise<AppendResult | null> {
    const { rows } = await this.pool.query<{
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
  ): Promise<ConcurrencyError> {
    const { rows } = await this.pool.query<{ version: number; actor: string | null }>(
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

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === constraint;
}
