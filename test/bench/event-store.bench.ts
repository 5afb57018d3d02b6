/**
 * Event store throughput against a throw-away PostgreSQL (or BENCH_DATABASE_URL's server):
 *  1. single-event appends by 16 concurrent writers, next to a raw pg INSERT loop into a table of
 *     the same shape on the same server (target: event store >= 40 % of raw);
 *  2. replay of a generated log into a simple projection with ProjectionManager.rebuild
 *     (target >= 50,000 events/s).
 *
 *   npm run bench -- event-store            (or: node test/bench/event-store.bench.ts [s] [events])
 */
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '#src/platform/database/embedded-postgres.js';
import { runMigrations } from '#src/platform/database/migrate.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type {
  ProjectionContext,
  ProjectionDefinition,
} from '#src/platform/projections/projection.types.js';
import { freePort } from './bench-support.ts';

const SECONDS = Number(process.argv[2] ?? 5);
const REPLAY_EVENTS = Number(process.argv[3] ?? 1_000_000);
const WRITERS = 16;
const APPEND_TARGET = 0.4;
const REPLAY_TARGET = 50_000;
const DAY_MS = 86_400_000;

const DATA = {
  doorStyle: 'Uritettu',
  doors: 12,
  drawers: 4,
  worktopMetres: 3.2,
  totalCents: 249_000,
};
const METADATA = {
  actorId: null,
  actorName: 'system',
  actorRole: 'system',
  correlationId: randomUUID(),
  causationId: null,
};

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
const format = (n: number) => n.toLocaleString('en');

/** Runs `writers` loops of `work` until the time is up; returns operations per second. */
async function throughput(writers: number, work: (writer: number, i: number) => Promise<unknown>) {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let i = 0;
      while (performance.now() < deadline) await work(writer, i++);
      return i;
    }),
  );
  return rate(
    counts.reduce((a, b) => a + b, 0),
    performance.now() - started,
  );
}

async function benchAppends(pool: pg.Pool, store: EventStore): Promise<void> {
  await pool.query('create table raw_events (like events including all)');
  const json = JSON.stringify(DATA);
  const metadata = JSON.stringify(METADATA);
  const runId = randomUUID().slice(0, 8);
  const raw = (round: string) =>
    throughput(WRITERS, (writer, i) =>
      pool.query(
        `insert into raw_events (stream_id, stream_version, event_id, type, schema_version, data, metadata, occurred_at)
         values ($1, $2, $3, $4, 1, $5, $6, $7)`,
        [
          `raw-${runId}-${round}-${writer}`,
          i + 1,
          randomUUID(),
          'QuoteRequested',
          json,
          metadata,
          new Date(),
        ],
      ),
    );
  const appends = (round: string) =>
    throughput(WRITERS, (writer, i) =>
      store.append(
        `es-${runId}-${round}-${writer}`,
        i === 0 ? 'no_stream' : i,
        [{ type: 'QuoteRequested', data: DATA }],
        { streamType: 'bench' },
      ),
    );
  await appends('warm-up');
  // Alternate so neither side profits from a warmer cache or a later checkpoint.
  const rawRates = [await raw('a')];
  const storeRates = [await appends('a')];
  storeRates.push(await appends('b'));
  rawRates.push(await raw('b'));
  const rawRate = Math.max(...rawRates);
  const storeRate = Math.max(...storeRates);
  const ratio = storeRate / rawRate;
  console.log(
    `event-store append: ${WRITERS} writers x ${SECONDS} s, single-event commands: ` +
      `event store ${format(storeRate)}/s, raw INSERT ${format(rawRate)}/s, ` +
      `ratio ${Math.round(ratio * 100)} % (target >= ${APPEND_TARGET * 100} %) ` +
      `${ratio >= APPEND_TARGET ? 'OK' : 'MISSED'}`,
  );
}

/** A report: requests and value per day and door style; a handful of rows per batch. */
class DailyTotalsProjection extends projectionOf({
  name: 'bench_daily_totals',
  mode: 'async',
  version: 1,
  handles: ['Replayed'],
  tables: ['bench_daily_totals'],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(
      `create table ${tables.bench_daily_totals} (day date not null, door_style text not null,
         requests int not null, total_cents bigint not null, primary key (day, door_style))`,
    );
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const totals = new Map<
      string,
      { day: number; style: string; requests: number; cents: number }
    >();
    for (const event of events) {
      const day = Math.floor(event.occurredAt.getTime() / DAY_MS);
      const style = String(event.data.doorStyle);
      const key = `${day}|${style}`;
      const row = totals.get(key) ?? { day, style, requests: 0, cents: 0 };
      row.requests += 1;
      row.cents += Number(event.data.totalCents);
      totals.set(key, row);
    }
    await upsertTotals(
      db,
      tables.bench_daily_totals,
      ['day', 'door_style'],
      ['date', 'text'],
      [...totals.values()].map((t) => [
        new Date(t.day * DAY_MS).toISOString().slice(0, 10),
        t.style,
        t.requests,
        t.cents,
      ]),
    );
  }
}

/** A read model per stream: every batch upserts thousands of rows (the expensive kind). */
class StreamTotalsProjection implements ProjectionDefinition {
  readonly name = 'bench_stream_totals';
  readonly mode = 'async' as const;
  readonly version = 1;
  readonly handles = ['Replayed'];
  readonly tables = ['bench_stream_totals'];

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(
      `create table ${tables.bench_stream_totals} (stream_id text primary key,
         requests int not null, total_cents bigint not null)`,
    );
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const totals = new Map<string, { requests: number; cents: number }>();
    for (const event of events) {
      const row = totals.get(event.streamId) ?? { requests: 0, cents: 0 };
      row.requests += 1;
      row.cents += Number(event.data.totalCents);
      totals.set(event.streamId, row);
    }
    await upsertTotals(
      db,
      tables.bench_stream_totals,
      ['stream_id'],
      ['text'],
      [...totals.entries()].map(([stream, t]) => [stream, t.requests, t.cents]),
    );
  }
}

/** Adds requests and cents to rows keyed by `keys`, in one multi-row statement. */
async function upsertTotals(
  db: ProjectionContext['db'],
  table: string,
  keys: string[],
  keyTypes: string[],
  rows: unknown[][],
): Promise<void> {
  const columns = [...keys, 'requests', 'total_cents'];
  const types = [...keyTypes, 'int', 'bigint'];
  await db.query(
    `insert into ${table} (${columns.join(', ')})
     select * from unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})
     on conflict (${keys.join(', ')}) do update
     set requests = ${table}.requests + excluded.requests,
         total_cents = ${table}.total_cents + excluded.total_cents`,
    columns.map((_, i) => rows.map((row) => row[i])),
  );
}

async function benchReplay(pool: pg.Pool, store: EventStore): Promise<void> {
  const generated = performance.now();
  await pool.query(
    `insert into events (stream_id, stream_version, event_id, type, schema_version, data, metadata, occurred_at)
     select 'replay-' || (i % 10000), i / 10000 + 1, gen_random_uuid(), 'Replayed', 1,
            jsonb_build_object(
              'doorStyle', (array['Tasapintainen', 'Uritettu', 'Kehysovi', 'Vetimetön'])[1 + i % 4],
              'doors', 12, 'drawers', 4, 'worktopMetres', 3.2, 'totalCents', 100000 + i % 5000),
            $2::jsonb, now() - interval '730 days' + i * (interval '730 days' / $1)
     from generate_series(0, $1 - 1) as i`,
    [REPLAY_EVENTS, JSON.stringify(METADATA)],
  );
  await pool.query('vacuum analyze events');
  console.log(
    `event-store replay: generated ${format(REPLAY_EVENTS)} events in ` +
      `${((performance.now() - generated) / 1000).toFixed(1)} s`,
  );
  const manager = new ProjectionManager(pool, store);
  const daily = new DailyTotalsProjection();
  const perStream = new StreamTotalsProjection();
  manager.register(daily, perStream);
  for (const projection of [daily, perStream]) {
    let processed = 0;
    const started = performance.now();
    await manager.rebuild(projection.name, (progress) => (processed = progress.processed));
    const ms = performance.now() - started;
    const { rows } = await pool.query<{ requests: string }>(
      `select sum(requests) as requests from ${projection.tables[0]}`,
    );
    if (Number(rows[0].requests) !== processed) {
      throw new Error(`${projection.name} holds ${rows[0].requests} events, replayed ${processed}`);
    }
    const eventsPerSecond = rate(processed, ms);
    const verdict =
      projection === daily
        ? ` (target >= ${format(REPLAY_TARGET)}/s) ${eventsPerSecond >= REPLAY_TARGET ? 'OK' : 'MISSED'}`
        : '';
    console.log(
      `event-store replay: ${format(processed)} events into ${projection.name} in ` +
        `${(ms / 1000).toFixed(1)} s = ${format(eventsPerSecond)} events/s${verdict}`,
    );
  }
}

/** A fresh database on BENCH_DATABASE_URL's server, or on a throw-away embedded one. */
async function benchDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const server = await startEmbeddedPostgres({
      dataDir: mkdtempSync(join(tmpdir(), 'kk-bench-pg-')),
      port: await freePort(),
      ephemeral: true,
    });
    await server.createDatabase('bench');
    return { url: server.url('bench'), close: () => server.stop() };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async close() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database ${name} with (force)`);
      await client.end();
    },
  };
}

async function main(): Promise<void> {
  const database = await benchDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: WRITERS + 4 });
  pool.on('error', () => undefined); // idle connections end when the server stops
  try {
    await runMigrations(database.url);
    const store = new EventStore(
      pool,
      new PersonalDataVault(pool, createSecretKey(randomBytes(32))),
      new UpcasterRegistry(),
    );
    await benchAppends(pool, store);
    await benchReplay(pool, store);
  } finally {
    await pool.end();
    await database.close();
  }
}

await main();
