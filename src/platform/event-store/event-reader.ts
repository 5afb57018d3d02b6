import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import { ReadBatcher } from '#src/platform/database/read-batcher.js';
import {
  type EventRow,
  HEAD_POSITION,
  READ_STREAMS,
  READ_STREAMS_WITH_KEYS,
  readAllSql,
  readPageSql,
  STREAM_VERSION,
} from './event-store.sql.js';
import {
  isAfterPosition,
  type JsonObject,
  type LogPosition,
  type RecordedEvent,
} from './event-store.types.js';
import {
  PERSONAL_DATA_FIELD,
  type PersonalDataEnvelope,
  type PersonalDataVault,
} from './personal-data-vault.js';
import type { UpcasterRegistry } from './upcasters.js';

/** Two stream reads in flight: fewer left the handlers waiting, more made each read smaller. */
const STREAM_READS = { maxInFlight: 2, maxKeys: 64 };

type Opener<Row> = (
  sealed: { envelope: PersonalDataEnvelope; row: Row }[],
) => Promise<(JsonObject | null)[]>;

/** Reads of the log: whole streams for deciding, commit-safe pages for projections. */
export class EventReader {
  private readonly streamReaders = {
    withPersonalData: new ReadBatcher((ids) => this.readStreams(ids, true), STREAM_READS),
    plain: new ReadBatcher((ids) => this.readStreams(ids, false), STREAM_READS),
  };

  constructor(
    private readonly pool: pg.Pool,
    private readonly vault: PersonalDataVault,
    private readonly upcasters: UpcasterRegistry,
  ) {}

  async readStream(
    streamId: string,
    { personalData = true, db }: { personalData?: boolean; db?: Queryable } = {},
  ): Promise<RecordedEvent[]> {
    if (db) return (await this.readStreams([streamId], personalData, db)).get(streamId) ?? [];
    const reader = personalData ? this.streamReaders.withPersonalData : this.streamReaders.plain;
    return (await reader.load(streamId)) ?? [];
  }

  async streamVersion(streamId: string, db: Queryable = this.pool): Promise<number> {
    const { rows } = await db.query<{ version: number }>(STREAM_VERSION, [streamId]);
    return rows[0]?.version ?? 0;
  }

  async readAll(
    after: LogPosition,
    batchSize: number,
    options: {
      types?: readonly string[];
      personalData?: boolean;
      db?: Queryable;
      includeRecent?: boolean;
    },
  ): Promise<RecordedEvent[]> {
    const types = options.types?.length ? this.upcasters.storedTypes(options.types) : null;
    const db = options.db ?? this.pool;
    const { rows } = await db.query<EventRow>(
      readAllSql({ types: types !== null, includeRecent: options.includeRecent ?? false }),
      pageParameters(after, batchSize, types),
    );
    return this.toRecorded(rows, options.personalData ? this.openFrom(db) : null);
  }

  async readPage(
    after: LogPosition,
    batchSize: number,
    options: { types?: readonly string[]; personalData?: boolean; db?: Queryable },
  ): Promise<{ events: RecordedEvent[]; searchedTo: LogPosition }> {
    const types = options.types?.length ? this.upcasters.storedTypes(options.types) : null;
    const db = options.db ?? this.pool;
    const { rows } = await db.query<
      EventRow & { head_transaction_id: string; head_position: string }
    >(readPageSql({ types: types !== null }), pageParameters(after, batchSize, types));
    if (rows.length === 0) return { events: [], searchedTo: after };
    const found = rows.filter((row) => row.event_id !== null);
    const events = await this.toRecorded(found, options.personalData ? this.openFrom(db) : null);
    const head = {
      transactionId: rows[0].head_transaction_id,
      globalPosition: Number(rows[0].head_position),
    };
    const last = events.at(-1);
    if (events.length === batchSize && last) {
      return {
        events,
        searchedTo: { transactionId: last.transactionId, globalPosition: last.globalPosition },
      };
    }
    return { events, searchedTo: isAfterPosition(head, after) ? head : after };
  }

  async headPosition(): Promise<LogPosition> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      HEAD_POSITION,
    );
    return rows[0]
      ? { transactionId: rows[0].transaction_id, globalPosition: Number(rows[0].global_position) }
      : { transactionId: '0', globalPosition: 0 };
  }

  private async readStreams(
    streamIds: string[],
    personalData: boolean,
    db: Queryable = this.pool,
  ): Promise<Map<string, RecordedEvent[]>> {
    const { rows } = await db.query<EventRow & { wrapped_key?: Buffer | null }>({
      ...(personalData ? READ_STREAMS_WITH_KEYS : READ_STREAMS),
      values: [streamIds],
    });
    // The subject keys came with the rows: no second round trip to open the personal data.
    const openWithKeys: Opener<(typeof rows)[number]> = (sealed) =>
      Promise.resolve(
        this.vault.openWith(
          sealed.map(({ envelope, row }) => ({ envelope, wrappedKey: row.wrapped_key ?? null })),
        ),
      );
    const recorded = await this.toRecorded(rows, personalData ? openWithKeys : null);
    const streams = new Map<string, RecordedEvent[]>();
    for (const event of recorded) {
      const stream = streams.get(event.streamId);
      if (stream) stream.push(event);
      else streams.set(event.streamId, [event]);
    }
    return streams;
  }

  private openFrom(db: Queryable): Opener<EventRow> {
    return (sealed) =>
      this.vault.openMany(
        sealed.map((s) => s.envelope),
        db,
      );
  }

  private async toRecorded<Row extends EventRow>(
    rows: Row[],
    open: Opener<Row> | null,
  ): Promise<RecordedEvent[]> {
    const envelopes = rows.map(
      (row) => row.data[PERSONAL_DATA_FIELD] as PersonalDataEnvelope | undefined,
    );
    const sealed = rows.flatMap((row, i) => {
      const envelope = envelopes[i];
      return envelope ? [{ envelope, row }] : [];
    });
    const opened = open && sealed.length > 0 ? await open(sealed) : [];
    let openedIndex = 0;
    return rows.map((row, i) => {
      const hasEnvelope = envelopes[i] !== undefined;
      const type = this.upcasters.currentType(row.type);
      const { data, personalData, schemaVersion } = this.upcasters.upcast(
        type,
        row.schema_version,
        {
          data: hasEnvelope ? withoutEnvelope(row.data) : row.data,
          personalData: !hasEnvelope ? undefined : open ? opened[openedIndex++] : null,
        },
      );
      return {
        globalPosition: Number(row.global_position),
        transactionId: row.transaction_id,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        eventId: row.event_id,
        type,
        schemaVersion,
        data,
        personalData,
        metadata: row.metadata,
        occurredAt: new Date(row.occurred_ms),
      };
    });
  }
}

/** $1, $2: the position to read after; $3: the page size; $4: the event types, when any. */
function pageParameters(after: LogPosition, batchSize: number, types: readonly string[] | null) {
  const position = [after.transactionId, after.globalPosition, batchSize];
  return types ? [...position, types] : position;
}

function withoutEnvelope(data: JsonObject): JsonObject {
  const { [PERSONAL_DATA_FIELD]: _sealed, ...plain } = data;
  return plain;
}
