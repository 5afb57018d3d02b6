import { jest } from '@jest/globals';
import { createSecretKey, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import {
  ProjectionManager,
  type RebuildProgress,
} from '#src/platform/projections/projection-manager.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type {
  ProjectionContext,
  ProjectionDefinition,
} from '#src/platform/projections/projection.types.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const streamType = 'test';

/** Inline: events and last version per stream, written with one multi-row upsert per batch. */
class StreamCountsProjection extends projectionOf({
  name: 'test_stream_counts',
  mode: 'inline',
  version: 1,
  handles: ['Opened', 'Touched'],
  tables: ['test_stream_counts'],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(
      `create table ${tables.test_stream_counts} (
         stream_id text primary key, events int not null, last_version int not null)`,
    );
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const byStream = new Map<string, { events: number; lastVersion: number }>();
    for (const event of events) {
      const row = byStream.get(event.streamId) ?? { events: 0, lastVersion: 0 };
      row.events += 1;
      row.lastVersion = Math.max(row.lastVersion, event.streamVersion);
      byStream.set(event.streamId, row);
    }
    const table = tables.test_stream_counts;
    await db.query(
      `insert into ${table} (stream_id, events, last_version)
       select * from unnest($1::text[], $2::int[], $3::int[])
       on conflict (stream_id) do update
       set events = ${table}.events + excluded.events,
           last_version = greatest(${table}.last_version, excluded.last_version)`,
      [
        [...byStream.keys()],
        [...byStream.values()].map((r) => r.events),
        [...byStream.values()].map((r) => r.lastVersion),
      ],
    );
  }
}

/** Async: one row per delivery, deliberately without a unique key so a double apply shows. */
class DeliveryLogProjection implements ProjectionDefinition {
  readonly name = 'test_delivery_log';
  readonly mode = 'async' as const;
  readonly version = 1;
  readonly handles: string[] = [];
  readonly tables = ['test_delivery_log'];
  /** Runs inside apply, before the checkpoint moves: lets a test interfere at that moment. */
  beforeCheckpoint: ((events: RecordedEvent[]) => Promise<void>) | null = null;

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(
      `create table ${tables.test_delivery_log} (event_id uuid not null, stream_id text not null)`,
    );
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    await db.query(
      `insert into ${tables.test_delivery_log} (event_id, stream_id)
       select * from unnest($1::uuid[], $2::text[])`,
      [events.map((e) => e.eventId), events.map((e) => e.streamId)],
    );
    await this.beforeCheckpoint?.(events);
  }
}

/** Async, of one type only: the log's other events are not its business. */
class OpenedLogProjection implements ProjectionDefinition {
  readonly name = 'test_opened_log';
  readonly mode = 'async' as const;
  readonly version: number = 1;
  readonly handles = ['Opened'];
  readonly tables = ['test_opened_log'];

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(`create table ${tables.test_opened_log} (event_id uuid primary key)`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    await db.query(`insert into ${tables.test_opened_log} select unnest($1::uuid[])`, [
      events.map((e) => e.eventId),
    ]);
  }
}

/** Async: notes every event it is given, and fails while told to. */
class RecordingProjection implements ProjectionDefinition {
  readonly mode = 'async' as const;
  readonly version = 1;
  readonly tables: string[];
  received: RecordedEvent[] = [];
  failing = false;

  constructor(
    readonly name: string,
    readonly handles: readonly string[],
    readonly needsPersonalData = false,
  ) {
    this.tables = [name];
  }

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(`create table ${tables[this.name]} (event_id uuid primary key)`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    await db.query(`insert into ${tables[this.name]} select unnest($1::uuid[])`, [
      events.map((e) => e.eventId),
    ]);
    if (this.failing) throw new Error('broken for now');
    this.received.push(...events);
  }
}

/** The next version of `OpenedLogProjection`: its table has a column more. */
class OpenedLogV2Projection extends OpenedLogProjection {
  override readonly version = 2;
  readonly rebuildOnRequest = true;

  override async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(
      `create table ${tables.test_opened_log} (event_id uuid primary key, stream_id text not null)`,
    );
  }

  override async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    await db.query(
      `insert into ${tables.test_opened_log} select * from unnest($1::uuid[], $2::text[])`,
      [events.map((e) => e.eventId), events.map((e) => e.streamId)],
    );
  }
}

interface Instance {
  store: EventStore;
  manager: ProjectionManager;
  counts: StreamCountsProjection;
  deliveries: DeliveryLogProjection;
}

/** One app instance's worth of event store and projection manager on a shared database. */
async function startInstance(
  db: TestDatabase,
  wrappingKey: KeyObject,
  pollIntervalMs?: number,
): Promise<Instance> {
  const store = new EventStore(
    db.pool,
    new PersonalDataVault(db.pool, wrappingKey),
    new UpcasterRegistry(),
  );
  const manager = new ProjectionManager(db.pool, store, () => undefined, {
    listenerFactory: () => new pg.Client({ connectionString: db.url }),
    pollIntervalMs,
  });
  const counts = new StreamCountsProjection();
  const deliveries = new DeliveryLogProjection();
  manager.register(counts, deliveries);
  await manager.initialize();
  return { store, manager, counts, deliveries };
}

const newStream = () => `test-${randomUUID()}`;

/** Waits until the delivery log holds the stream's event; fails the test once the jest timeout passes. */
async function waitForDelivery(db: TestDatabase, stream: string): Promise<void> {
  for (;;) {
    const { rowCount } = await db.pool.query(
      'select 1 from test_delivery_log where stream_id = $1',
      [stream],
    );
    if (rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function appendMany(store: EventStore, streams: number, eventsPerStream: number) {
  await Promise.all(
    Array.from({ length: streams }, async () => {
      const stream = newStream();
      await store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType });
      for (let version = 1; version < eventsPerStream; version++) {
        await store.append(stream, version, [{ type: 'Touched', data: {} }], { streamType });
      }
    }),
  );
}

async function rowsOf(db: TestDatabase, table: string) {
  const { rows } = await db.pool.query(`select * from ${table} order by 1, 2`);
  return rows;
}

/** The expected counts, straight from the log. */
async function countsFromLog(db: TestDatabase) {
  const { rows } = await db.pool.query(
    `select stream_id, count(*)::int as events, max(stream_version) as last_version
     from events where type in ('Opened', 'Touched') group by stream_id order by 1, 2`,
  );
  return rows;
}

describe(ProjectionManager.name, () => {
  let db: TestDatabase;
  let instance: Instance;
  const wrappingKey = createSecretKey(randomBytes(32));

  beforeEach(async () => {
    db = await createTestDatabase();
    // Idle connections may still be closing when the database is dropped (with force).
    db.pool.on('error', () => undefined);
    instance = await startInstance(db, wrappingKey);
  });
  afterEach(async () => {
    await instance.manager.stop();
    await instance.store.drain();
    await db.drop();
  });

  describe('rebuild', () => {
    it('should rebuild an inline projection equal to the one maintained live', async () => {
      await appendMany(instance.store, 20, 8);
      const live = await rowsOf(db, 'test_stream_counts');
      const progress: RebuildProgress[] = [];

      await instance.manager.rebuild('test_stream_counts', (p) => progress.push(p));

      expect(live).toHaveLength(20);
      expect(await rowsOf(db, 'test_stream_counts')).toEqual(live);
      expect(progress.at(-1)).toMatchObject({
        projection: 'test_stream_counts',
        processed: 160,
        total: 160,
        secondsLeft: 0,
        done: true,
      });
      expect(progress.at(-1)?.eventsPerSecond).toBeGreaterThan(0);
      const status = await instance.manager.status();
      expect(status.find((s) => s.name === 'test_stream_counts')?.activeVersion).toBe(2);
      const { rows } = await db.pool.query(
        "select tablename from pg_tables where tablename like 'test_stream_counts%'",
      );
      expect(rows).toEqual([{ tablename: 'test_stream_counts_v2' }]);
    });

    it('should lose no event appended while the rebuild runs and switches', async () => {
      await appendMany(instance.store, 10, 5);

      await Promise.all([
        appendMany(instance.store, 20, 10),
        instance.manager.rebuild('test_stream_counts'),
        instance.manager.rebuild('test_delivery_log'),
      ]);
      await instance.manager.catchUp();

      expect(await rowsOf(db, 'test_stream_counts')).toEqual(await countsFromLog(db));
      const { rows } = await db.pool.query<{ n: number; distinct_ids: number }>(
        'select count(*)::int as n, count(distinct event_id)::int as distinct_ids from test_delivery_log',
      );
      expect(rows[0]).toEqual({ n: 250, distinct_ids: 250 });
    });

    it('should reject an unknown projection naming the known ones', async () => {
      await expect(instance.manager.rebuild('nope')).rejects.toThrow(
        'Unknown projection nope; known: test_stream_counts, test_delivery_log',
      );
    });
  });

  describe('catchUp', () => {
    it('should apply every event exactly once when two instances run one projection', async () => {
      const other = await startInstance(db, wrappingKey);
      try {
        const writers = appendMany(instance.store, 25, 8);
        const runners = (async () => {
          for (let round = 0; round < 15; round++) {
            await Promise.all([instance.manager.catchUp(), other.manager.catchUp()]);
          }
        })();
        await Promise.all([writers, runners]);
        await Promise.all([instance.manager.catchUp(), other.manager.catchUp()]);
        await instance.manager.catchUp();

        const { rows } = await db.pool.query<{ n: number; distinct_ids: number }>(
          'select count(*)::int as n, count(distinct event_id)::int as distinct_ids from test_delivery_log',
        );
        expect(rows[0]).toEqual({ n: 200, distinct_ids: 200 });
      } finally {
        await other.manager.stop();
        await other.store.drain();
      }
    });

    it('should wait for a projection another runner holds, and then apply what it missed', async () => {
      const other = await db.pool.connect();
      try {
        await other.query('begin');
        await other.query("select pg_advisory_xact_lock(hashtext('projection:test_delivery_log'))");
        const stream = newStream();
        await instance.store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], {
          streamType,
        });
        let settled = false;
        const caughtUp = instance.manager.catchUp().finally(() => (settled = true));
        await new Promise((resolve) => setTimeout(resolve, 200));
        const whileHeld = settled;
        await other.query('commit');
        await caughtUp;

        expect(whileHeld).toBe(false);
        expect(await rowsOf(db, 'test_delivery_log')).toEqual([
          expect.objectContaining({ stream_id: stream }),
        ]);
      } finally {
        other.release();
      }
    });

    it('should deliver an event whose transaction committed after a later one, once', async () => {
      const early = await db.pool.connect();
      const late = await db.pool.connect();
      try {
        await early.query('begin');
        await late.query('begin');
        await instance.store.append(
          'stream-a',
          'no_stream',
          [{ type: 'Opened', data: {} }],
          { streamType },
          early,
        );
        await instance.store.append(
          'stream-b',
          'no_stream',
          [{ type: 'Opened', data: {} }],
          { streamType },
          late,
        );
        await late.query('commit');

        await instance.manager.catchUp();
        const whileAInFlight = await rowsOf(db, 'test_delivery_log');
        await early.query('commit');
        await instance.manager.catchUp();
        await instance.manager.catchUp();

        expect(whileAInFlight).toEqual([]);
        const delivered = await db.pool.query(
          'select stream_id from test_delivery_log order by stream_id',
        );
        expect(delivered.rows).toEqual([{ stream_id: 'stream-a' }, { stream_id: 'stream-b' }]);
      } finally {
        early.release();
        late.release();
      }
    });

    it('should move its checkpoint past the events of types it does not handle', async () => {
      const manager = new ProjectionManager(db.pool, instance.store);
      manager.register(new OpenedLogProjection());
      await manager.initialize();
      await appendMany(instance.store, 2, 20);
      let head = await instance.store.headPosition();
      while (head.globalPosition < 40) {
        await new Promise((resolve) => setTimeout(resolve, 20)); // other files' transactions
        head = await instance.store.headPosition();
      }

      await manager.catchUp();

      const { rows } = await db.pool.query(
        `select transaction_id::text as "transactionId", global_position::int as "globalPosition",
           processed::int from projection_checkpoints where name = 'test_opened_log'`,
      );
      expect(rows).toEqual([{ ...head, processed: 2 }]);
      expect(await manager.status()).toEqual([
        {
          name: 'test_opened_log',
          mode: 'async',
          activeVersion: 1,
          outdated: false,
          lag: 0,
          build: null,
        },
      ]);
    });

    const openedLog = async () =>
      (await db.pool.query('select event_id from test_opened_log order by 1')).rows;
    const openedStreamCount = async () =>
      (
        await db.pool.query<{ n: number }>(
          `select count(*)::int as n from test_opened_log where stream_id like 'test-%'`,
        )
      ).rows[0].n;

    /** Two events folded by version 1, then version 2 of the same projection started. */
    async function upgradeAfterOldBuild(options?: { reports?: boolean }) {
      const old = new ProjectionManager(db.pool, instance.store);
      old.register(new OpenedLogProjection());
      await old.initialize();
      await appendMany(instance.store, 2, 1);
      await old.catchUp();
      const builtByOldCode = await openedLog();
      const upgraded = new ProjectionManager(db.pool, instance.store);
      upgraded.register(new OpenedLogV2Projection());
      await upgraded.initialize(options);
      return { builtByOldCode, upgraded };
    }

    it('should leave a build made by older code as it was until it is rebuilt, when start builds no reports', async () => {
      const { builtByOldCode, upgraded } = await upgradeAfterOldBuild({ reports: false });
      await appendMany(instance.store, 3, 1);

      await upgraded.catchUp();
      const whileOutdated = await openedLog();
      const [status] = await upgraded.status();
      await upgraded.rebuild('test_opened_log');

      expect(builtByOldCode).toHaveLength(2);
      expect(whileOutdated).toEqual(builtByOldCode);
      expect(status).toMatchObject({ activeVersion: 1, outdated: true });
      expect(await openedStreamCount()).toBe(5);
    });

    it('should rebuild a build made by older code at start, in the background, to the new version', async () => {
      const { builtByOldCode, upgraded } = await upgradeAfterOldBuild();
      await appendMany(instance.store, 3, 1);

      await upgraded.catchUp();
      const [status] = await upgraded.status();

      expect(builtByOldCode).toHaveLength(2);
      expect(status).toMatchObject({ activeVersion: 2, outdated: false });
      expect(await openedStreamCount()).toBe(5);
    });

    it('should roll back a batch whose checkpoint another runner moved meanwhile', async () => {
      await appendMany(instance.store, 3, 1);
      instance.deliveries.beforeCheckpoint = async (events) => {
        // Another runner commits a checkpoint after the first event while this batch is open.
        await db.pool.query(
          `update projection_checkpoints set transaction_id = $1::xid8, global_position = $2
           where name = 'test_delivery_log'`,
          [events[0].transactionId, events[0].globalPosition],
        );
      };

      await expect(instance.manager.catchUp()).rejects.toThrow('moved concurrently');
      const afterConflict = await rowsOf(db, 'test_delivery_log');
      instance.deliveries.beforeCheckpoint = null;
      await instance.manager.catchUp();

      expect(afterConflict).toEqual([]);
      expect(await rowsOf(db, 'test_delivery_log')).toHaveLength(2);
    });
  });

  describe('catchUp with a shared read', () => {
    let manager: ProjectionManager;
    let everything: RecordingProjection;
    let opened: RecordingProjection;
    let touched: RecordingProjection;

    beforeEach(async () => {
      manager = new ProjectionManager(db.pool, instance.store);
      everything = new RecordingProjection('test_every_event', [], true);
      opened = new RecordingProjection('test_opened_only', ['Opened']);
      touched = new RecordingProjection('test_touched_only', ['Touched']);
      manager.register(everything, opened, touched);
      await manager.initialize();
    });

    /** Appends and waits until every transaction older than the appends has ended. */
    async function appendCommitted(streams: number, eventsPerStream: number) {
      await appendMany(instance.store, streams, eventsPerStream);
      const { rows } = await db.pool.query<{ n: string }>(
        'select max(global_position) as n from events',
      );
      const last = Number(rows[0].n);
      while ((await instance.store.headPosition()).globalPosition < last) {
        await new Promise((resolve) => setTimeout(resolve, 20)); // other files' transactions
      }
    }

    const idsOf = (events: RecordedEvent[]) => events.map((e) => e.eventId).sort();
    async function idsFromLog(types: string[]) {
      const { rows } = await db.pool.query<{ event_id: string }>(
        'select event_id from events where type = any($1) order by event_id',
        [types],
      );
      return rows.map((row) => row.event_id);
    }

    it('should read the log once for projections at one checkpoint and give each its types', async () => {
      await appendCommitted(4, 3);
      const reads = jest.spyOn(instance.store, 'readPage');

      await manager.catchUp();

      expect(reads).toHaveBeenCalledTimes(1);
      expect(idsOf(everything.received)).toEqual(await idsFromLog(['Opened', 'Touched']));
      expect(idsOf(opened.received)).toEqual(await idsFromLog(['Opened']));
      expect(idsOf(touched.received)).toEqual(await idsFromLog(['Touched']));
      expect(new Set(opened.received.map((e) => e.type))).toEqual(new Set(['Opened']));
    });

    it('should open personal data once and give it only to projections that ask for it', async () => {
      await instance.store.append(
        newStream(),
        'no_stream',
        [{ type: 'Opened', data: { plain: 1 }, personalData: { name: 'Aino' } }],
        { streamType, subjectId: randomUUID() },
      );
      await appendCommitted(1, 1);

      await manager.catchUp();

      const sealed = (p: RecordingProjection) => p.received.find((e) => e.data.plain === 1);
      expect(sealed(everything)?.personalData).toEqual({ name: 'Aino' });
      expect(sealed(opened)).toMatchObject({ data: { plain: 1 }, personalData: null });
    });

    it('should keep the others going while one fails, and let it catch up after', async () => {
      await appendCommitted(3, 2);
      opened.failing = true;

      await expect(manager.catchUp()).rejects.toThrow('test_opened_only: broken for now');
      expect(idsOf(everything.received)).toEqual(await idsFromLog(['Opened', 'Touched']));
      expect(opened.received).toEqual([]);
      const { rows } = await db.pool.query('select * from test_opened_only');
      expect(rows).toEqual([]); // its half-done batch was rolled back

      await appendCommitted(2, 2);
      opened.failing = false;
      await manager.catchUp();

      expect(idsOf(opened.received)).toEqual(await idsFromLog(['Opened']));
      expect(idsOf(everything.received)).toEqual(await idsFromLog(['Opened', 'Touched']));
      expect(idsOf(touched.received)).toEqual(await idsFromLog(['Touched']));

      // Caught up to the same checkpoint, the three share one read again.
      await appendCommitted(1, 2);
      const reads = jest.spyOn(instance.store, 'readPage');
      await manager.catchUp();
      expect(reads).toHaveBeenCalledTimes(1);
      expect(idsOf(opened.received)).toEqual(await idsFromLog(['Opened']));
    });
  });

  describe('start', () => {
    it('should wake the async runner on NOTIFY, long before the next poll', async () => {
      // The safety net's poll is an hour away: only the NOTIFY can deliver within the test.
      const listening = await startInstance(db, wrappingKey, 60 * 60_000);
      try {
        await listening.manager.start();
        await listening.manager.catchUp();
        for (let i = 0; i < 3; i++) {
          const stream = newStream();
          await listening.store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], {
            streamType,
          });
          await waitForDelivery(db, stream);
        }
      } finally {
        await listening.manager.stop();
      }
    });
  });
});
