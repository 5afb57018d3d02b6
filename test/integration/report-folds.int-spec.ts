import { createSecretKey, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { LOG_START, type RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import type { ReportProjection } from '#src/modules/reports/projections/report-projection.js';
import { REPORTS } from '#src/modules/reports/reports.js';
import { generateLeadHistory } from '../support/generated-history.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

let database: TestDatabase;
let history: RecordedEvent[];

async function readWholeLog(pool: pg.Pool): Promise<RecordedEvent[]> {
  const vault = new PersonalDataVault(pool, createSecretKey(randomBytes(32)));
  await generateLeadHistory(pool, vault, { leads: 400, moves: 6 });
  const store = new EventStore(pool, vault, new UpcasterRegistry());
  return store.readAll(LOG_START, 1_000_000, { personalData: true });
}

/** A fresh set of the report's tables, its logical names suffixed. */
async function freshTables(report: ReportProjection, suffix: string) {
  const tables = Object.fromEntries(report.tables.map((name) => [name, `${name}_${suffix}`]));
  await report.createTables({ db: database.pool, tables });
  return tables;
}

async function rowsOf(tables: Record<string, string>) {
  const rows: Record<string, unknown[]> = {};
  for (const [logical, physical] of Object.entries(tables)) {
    const { rows: found } = await database.pool.query<{ row: unknown }>(
      `select to_jsonb(t) as row from ${physical} t order by to_jsonb(t)::text`,
    );
    rows[logical] = found.map((r) => r.row);
  }
  return rows;
}

async function inTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } finally {
    client.release();
  }
}

const inParts = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

describe('report folds', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    history = await readWholeLog(database.pool);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(REPORTS.map((Report) => [new Report().name, Report]))(
    'should leave the same rows of %s whether replayed at once, replayed in resumed parts, or kept live in small batches',
    async (_name, Report) => {
      const report = new Report();
      const events = history.filter((event) => report.handles.includes(event.type));
      expect(events.length).toBeGreaterThan(400);

      const once = await freshTables(report, 'once');
      const replay = await report.replay({ db: database.pool, tables: once });
      await replay.apply(events);
      await inTransaction((tx) => replay.flush(tx));

      // Each part starts a new replay on what the one before wrote, as a resumed build does.
      const resumed = await freshTables(report, 'resumed');
      for (const part of inParts(events, Math.ceil(events.length / 3))) {
        const partReplay = await report.replay({ db: database.pool, tables: resumed });
        await partReplay.apply(part.slice(0, 100));
        await inTransaction((tx) => partReplay.flush(tx));
        await partReplay.apply(part.slice(100));
        await inTransaction((tx) => partReplay.flush(tx));
      }

      const live = await freshTables(report, 'live');
      for (const batch of inParts(events, 97)) {
        await inTransaction((tx) => report.apply(batch, { db: tx, tables: live }));
      }

      const expected = await rowsOf(once);
      expect(Object.values(expected).every((rows) => rows.length > 0)).toBe(true);
      expect(await rowsOf(resumed)).toEqual(expected);
      expect(await rowsOf(live)).toEqual(expected);
    },
    120_000,
  );
});
