import type { QueryConfig } from 'pg';
import type { EventMetadata, JsonObject } from './event-store.types.js';
import { PERSONAL_DATA_FIELD } from './personal-data-vault.js';

/** The channel async projection runners LISTEN on; a notification only says "look again". */
export const EVENTS_CHANNEL = 'events_appended';

/** One stream an append statement writes to. */
export interface StreamAppendRow {
  streamId: string;
  streamType: string;
  /** null: any version; 0: the stream must not exist yet. */
  expected: number | null;
  count: number;
  /** Another stream that must still be at `requiredVersion`, or null. */
  requiredStream: string | null;
  requiredVersion: number | null;
  /** The wrapped key the personal data was sealed with before it was known to be stored, or null. */
  sealedWith: Buffer | null;
  /** Whose key `sealedWith` must be. */
  subjectId: string | null;
}

/** One event an append statement inserts; `ord` is its 1-based place in its stream's append. */
export interface EventInsertRow {
  streamId: string;
  ord: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  /** Data with personal data already sealed. */
  data: JsonObject;
  metadata: EventMetadata;
  occurredAt: Date;
}

/** What the append statement answers for each event it wrote. */
export interface AppendedRow {
  event_id: string;
  global_position: string;
  stream_version: number;
  transaction_id: string;
}

// The statement takes one array per stream column, its parameter numbers following this list, and
// the events as one JSON array of rows, read with the column types below: the SQL text and the
// values are built from the same names and cannot drift apart. One JSON text for all events costs
// less to build than a JSON text per event, escaped again into an array literal.
const STREAM_COLUMNS = [
  'streamId',
  'streamType',
  'expected',
  'count',
  'requiredStream',
  'requiredVersion',
  'sealedWith',
  'subjectId',
] as const satisfies readonly (keyof StreamAppendRow)[];
const EVENT_COLUMNS = {
  streamId: 'text',
  ord: 'int',
  eventId: 'uuid',
  type: 'text',
  schemaVersion: 'int',
  data: 'jsonb',
  metadata: 'jsonb',
  occurredAt: 'timestamptz',
} as const satisfies Record<keyof EventInsertRow, string>;

const s = (column: (typeof STREAM_COLUMNS)[number]) => `$${STREAM_COLUMNS.indexOf(column) + 1}`;
const EVENTS = `$${STREAM_COLUMNS.length + 1}`;
const EVENT_RECORD = Object.entries(EVENT_COLUMNS)
  .map(([name, type]) => `"${name}" ${type}`)
  .join(', ');

/**
 * Appends to many streams at once. Each stream's version is checked and bumped (or the stream
 * created) and its events inserted, in array order so that global positions follow stream
 * versions; a stream whose expected version does not hold, or whose required stream has moved
 * on, or whose personal data was sealed with a key that is not its subject's stored key, gets
 * no rows back and no events. Required streams are share-locked until the commit, so they cannot
 * move before it.
 *
 * Readers of the whole log go in `(transaction_id, global_position)` order. A transaction may
 * have taken its id before another one appended to the same stream and committed; its events
 * then take the stream's last key instead of its own lower id, so each stream's events sort in
 * version order. The key is never below the appending transaction's id, which keeps events of
 * transactions in flight out of the commit-safe window (`transaction_id < xmin`).
 */
const appendSql = (notify: boolean) => `
  with required as (
    select stream_id, version from streams where stream_id = any(${s('requiredStream')}::text[])
    order by stream_id for share
  ), input as (
    select i.stream_id, i.stream_type, i.expected, i.n
    from unnest(${s('streamId')}::text[], ${s('streamType')}::text[], ${s('expected')}::int[],
        ${s('count')}::int[], ${s('requiredStream')}::text[], ${s('requiredVersion')}::int[],
        ${s('sealedWith')}::bytea[], ${s('subjectId')}::text[])
      as i(stream_id, stream_type, expected, n, required_stream, required_version, sealed_with, subject_id)
    where (i.required_stream is null
        or exists (select 1 from required r
                   where r.stream_id = i.required_stream and r.version = i.required_version)
        or (i.required_version = 0
            and not exists (select 1 from required r where r.stream_id = i.required_stream)))
      -- A lookup by key, not EXISTS, which a generic plan may hash over the whole table.
      and (i.sealed_with is null
        or (select k.wrapped_key from data_subject_keys k where k.subject_id = i.subject_id)
          = i.sealed_with)
  ), bumped as (
    update streams s set version = s.version + i.n,
      last_transaction_id = greatest(s.last_transaction_id, pg_current_xact_id())
    from input i
    where s.stream_id = i.stream_id and (i.expected is null or s.version = i.expected)
    returning s.stream_id, s.version, s.last_transaction_id
  ), created as (
    insert into streams (stream_id, type, version, last_transaction_id)
    select stream_id, stream_type, n, pg_current_xact_id() from input where expected is null or expected = 0
    on conflict (stream_id) do nothing
    returning stream_id, version, last_transaction_id
  ), stream as (
    select stream_id, version, last_transaction_id from bumped
    union all select stream_id, version, last_transaction_id from created
  ), appended as (
    insert into events (stream_id, stream_version, event_id, type, schema_version, data, metadata, occurred_at, transaction_id)
    select e.stream_id, s.version - i.n + e.ord, e.event_id, e.type, e.schema_version, e.data, e.metadata, e.occurred_at,
      s.last_transaction_id
    from rows from (jsonb_to_recordset(${EVENTS}::jsonb) as (${EVENT_RECORD}))
        with ordinality as e(stream_id, ord, event_id, type, schema_version, data, metadata, occurred_at, idx)
      join stream s on s.stream_id = e.stream_id
      join input i on i.stream_id = e.stream_id
    order by e.idx
    returning event_id, global_position, stream_version, transaction_id::text
  )
  select event_id, global_position, stream_version, transaction_id
    ${notify ? `, pg_notify('${EVENTS_CHANNEL}', '')::text as notified` : ''}
  from appended`;

/**
 * Prepared once per connection: planning this statement costs more than running it. A prepared
 * statement soon keeps one generic plan, made from the table sizes of that moment (on a new
 * database, empty tables), so each growing table is reached by key (`= any`, or a scalar
 * subquery per row), which no plan turns into a scan or hash of the whole table
 * (docs/decisions/0045-prepared-plans-reach-tables-by-key.md). NOTIFY
 * serialises committing transactions on a server-wide lock, so batched appends announce
 * themselves after the commit, throttled; only appends inside a caller's transaction (which
 * commits later, out of sight) notify in the statement itself, delivered at that commit.
 */
const APPEND = { name: 'event-store-append-many', text: appendSql(false) };
const APPEND_AND_NOTIFY = { name: 'event-store-append-many-notify', text: appendSql(true) };

export function appendStatement(
  streams: readonly StreamAppendRow[],
  events: readonly EventInsertRow[],
  notify: boolean,
): QueryConfig {
  return {
    ...(notify ? APPEND_AND_NOTIFY : APPEND),
    values: [
      ...STREAM_COLUMNS.map((column) => streams.map((row) => row[column])),
      JSON.stringify(events),
    ],
  };
}

/** An events row as the readers select it. */
export interface EventRow {
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

// The transaction id is selected as text (JavaScript has no 64-bit integers); ORDER BY must
// name the table's xid8 column (events.transaction_id), or it sorts by that text.
// occurred_at travels as epoch milliseconds: parsing timestamp text was a tenth of replay time.
const SELECT_COLUMNS = `global_position, transaction_id::text as transaction_id, stream_id, stream_version,
  event_id, type, schema_version, data, metadata,
  (extract(epoch from occurred_at) * 1000)::float8 as occurred_ms`;

/** Whole streams, read in batches on every command: prepared once per connection. */
export const READ_STREAMS = {
  name: 'event-store-read-streams',
  text: `select ${SELECT_COLUMNS} from events
         where stream_id = any($1) order by stream_id, stream_version`,
};
export const READ_STREAMS_WITH_KEYS = {
  name: 'event-store-read-streams-with-keys',
  text: `select ${SELECT_COLUMNS},
           (select k.wrapped_key from data_subject_keys k
            where k.subject_id = data->'${PERSONAL_DATA_FIELD}'->>'subject') as wrapped_key
         from events where stream_id = any($1) order by stream_id, stream_version`,
};

export const STREAM_VERSION = 'select version from streams where stream_id = $1';

/** Only events of committed transactions below every running one: no reader ever skips one. */
const COMMIT_SAFE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/** $1, $2: the position to read after; $3: the page size; $4 (when `types`): the event types. */
export const readAllSql = ({ types, includeRecent }: { types: boolean; includeRecent: boolean }) =>
  `select ${SELECT_COLUMNS} from events
   where (transaction_id, global_position) > ($1::xid8, $2::bigint)
     ${includeRecent ? '' : `and ${COMMIT_SAFE}`}
     ${types ? 'and type = any($4)' : ''}
   order by events.transaction_id, events.global_position
   limit $3`;

/**
 * Like `readAllSql`, and also the newest commit-safe event of any type: one statement, one
 * snapshot, so the head and the page see the same commit-safe horizon.
 */
export const readPageSql = ({ types }: { types: boolean }) =>
  `with head as (
     select transaction_id, global_position from events
     where ${COMMIT_SAFE}
     order by events.transaction_id desc, events.global_position desc limit 1
   )
   select head.transaction_id::text as head_transaction_id, head.global_position as head_position,
     page.* from head left join lateral (
       select ${SELECT_COLUMNS}, events.transaction_id as read_order from events
       where (transaction_id, global_position) > ($1::xid8, $2::bigint)
         and (transaction_id, global_position) <= (head.transaction_id, head.global_position)
         ${types ? 'and type = any($4)' : ''}
       order by events.transaction_id, events.global_position
       limit $3
     ) page on true
   order by page.read_order, page.global_position`;

export const HEAD_POSITION = `select transaction_id::text, global_position from events
  where ${COMMIT_SAFE}
  order by events.transaction_id desc, events.global_position desc limit 1`;

export interface StoredEventRow {
  event_id: string;
  global_position: string;
  stream_version: number;
  stream_id: string;
}

/** $1: event ids. */
export const SELECT_STORED_EVENTS =
  'select event_id, global_position, stream_version, stream_id from events where event_id = any($1) order by stream_version';

/** $1: a stream id; its version and who appended to it last. */
export const STREAM_VERSION_AND_LAST_ACTOR = `select s.version, (select e.metadata->>'actorName' from events e
    where e.stream_id = s.stream_id order by e.stream_version desc limit 1) as actor
  from streams s where s.stream_id = $1`;

export const NOTIFY_APPENDED = `select pg_notify('${EVENTS_CHANNEL}', '')`;
