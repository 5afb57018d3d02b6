import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import pg from 'pg';
import {
  ConcurrencyError,
  RequirementChangedError,
} from '#src/platform/event-store/event-store.errors.js';
import { inTransaction } from '#src/platform/database/queryable.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  type InlineEvent,
  LOG_START,
  type LogPosition,
  type RecordedEvent,
} from '#src/platform/event-store/event-store.types.js';
import { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { requestContextMetadata } from '#src/platform/http/request-context-metadata.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const streamType = 'test';

describe(EventStore.name, () => {
  let db: TestDatabase;
  let upcasters: UpcasterRegistry;
  let store: EventStore;
  /** A store of its own on the same database (its own inline handlers, vault and batches). */
  const newStore = () =>
    new EventStore(
      db.pool,
      new PersonalDataVault(db.pool, createSecretKey(randomBytes(32))),
      upcasters,
      requestContextMetadata,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    // Idle connections may still be closing when the database is dropped (with force).
    db.pool.on('error', () => undefined);
    upcasters = new UpcasterRegistry();
    store = newStore();
  });
  afterAll(async () => {
    await store.drain();
    await db.drop();
  });

  const newStream = () => `test-${randomUUID()}`;
  /** Opens a stream of its own inside the transaction of `client`. */
  const openNewStream = (client: pg.PoolClient) =>
    store.append(newStream(), 'no_stream', [{ type: 'Opened', data: {} }], { streamType }, client);

  async function readEverything(after: LogPosition = LOG_START): Promise<RecordedEvent[]> {
    const all: RecordedEvent[] = [];
    for (let position = after; ;) {
      const batch = await store.readAll(position, 100);
      if (batch.length === 0) return all;
      all.push(...batch);
      const last = batch[batch.length - 1];
      position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
  }

  /**
   * Transactions of other test files on the same server hold readers back too (by design), so
   * wait until the expected number of events is visible, then read once more for extras.
   */
  async function readUntil(after: LogPosition, count: number): Promise<RecordedEvent[]> {
    const deadline = Date.now() + 10_000;
    while ((await readEverything(after)).length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return readEverything(after);
  }

  describe('append', () => {
    it('should let exactly one of 50 concurrent appends with the same expected version win', async () => {
      const stream = newStream();
      await store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType });

      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.append(stream, 1, [{ type: 'Touched', data: { i } }], { streamType }),
        ),
      );

      const won = attempts.filter((a) => a.status === 'fulfilled');
      const lost = attempts.filter((a) => a.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(49);
      for (const failure of lost) expect(failure.reason).toBeInstanceOf(ConcurrencyError);
      const events = await store.readStream(stream);
      expect(events.map((e) => e.streamVersion)).toEqual([1, 2]);
      expect(await store.streamVersion(stream)).toBe(2);
    });

    it('should let exactly one of 50 concurrent creations of the same stream win', async () => {
      const stream = newStream();
      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }),
        ),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      expect((await store.readStream(stream)).map((e) => e.streamVersion)).toEqual([1]);
    });

    it('should number events without gaps when 50 writers append with any', async () => {
      const stream = newStream();
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          store.append(
            stream,
            'any',
            [
              { type: 'Touched', data: { i } },
              { type: 'Touched', data: { i } },
            ],
            { streamType },
          ),
        ),
      );
      const versions = (await store.readStream(stream)).map((e) => e.streamVersion);
      expect(versions).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    });

    it('should throw ConcurrencyError naming who changed the stream', async () => {
      const stream = newStream();
      await RequestContext.run(
        { requestId: randomUUID(), actor: { id: 'u1', name: 'Maija Myyjä', role: 'salesperson' } },
        () => store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }),
      );

      const stale = store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], {
        streamType,
      });

      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(stale).rejects.toMatchObject({
        changedBy: 'Maija Myyjä',
        actualVersion: 1,
        message: expect.stringContaining('Maija Myyjä'),
      });
    });

    it('should not duplicate an event retried with the same event id', async () => {
      const stream = newStream();
      const eventId = randomUUID();
      const event = { type: 'Opened', data: { n: 1 }, eventId };
      const first = await store.append(stream, 'no_stream', [event], { streamType });

      const retry = await store.append(stream, 'no_stream', [event], { streamType });

      expect(first.duplicate).toBe(false);
      expect(retry).toEqual({ ...first, duplicate: true });
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('should not duplicate an event retried with any as the expected version', async () => {
      const stream = newStream();
      const events = [
        { type: 'Touched', data: {}, eventId: randomUUID() },
        { type: 'Touched', data: {}, eventId: randomUUID() },
      ];
      const first = await store.append(stream, 'any', events, { streamType });

      const retries = await Promise.all(
        Array.from({ length: 5 }, () => store.append(stream, 'any', events, { streamType })),
      );

      for (const retry of retries) expect(retry).toEqual({ ...first, duplicate: true });
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('should answer a retry inside a caller transaction without aborting it', async () => {
      const stream = newStream();
      const event = { type: 'Opened', data: {}, eventId: randomUUID() };
      await store.append(stream, 'no_stream', [event], { streamType });

      const result = await store.inTransaction(async (client) => {
        const retry = await store.append(stream, 'no_stream', [event], { streamType }, client);
        await openNewStream(client);
        return retry;
      });

      expect(result.duplicate).toBe(true);
    });

    it('should record actor, correlation and causation ids from the request context', async () => {
      const stream = newStream();
      await RequestContext.run(
        {
          requestId: 'request-42',
          actor: { id: 'staff-1', name: 'Anna Admin', role: 'admin' },
          ipHash: 'hash-of-ip',
        },
        () =>
          RequestContext.causedBy('command-7', () =>
            store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }),
          ),
      );
      const [opened] = await store.readStream(stream);
      // As a worker reacting to an event does, outside any request.
      await RequestContext.causedBy(opened.eventId, () =>
        store.append(stream, 1, [{ type: 'Touched', data: {} }], { streamType }),
      );
      await store.append(stream, 2, [{ type: 'Touched', data: {} }], { streamType });

      const [fromCommand, fromEvent, fromNothing] = await store.readStream(stream);

      expect(fromCommand.metadata).toEqual({
        actorId: 'staff-1',
        actorName: 'Anna Admin',
        actorRole: 'admin',
        correlationId: 'request-42',
        causationId: 'command-7',
        ipHash: 'hash-of-ip',
      });
      expect(fromEvent.metadata).toMatchObject({
        actorId: null,
        actorRole: 'system',
        causationId: opened.eventId,
      });
      expect(fromEvent.metadata.correlationId).toEqual(expect.any(String));
      expect(fromNothing.metadata).toMatchObject({ actorId: null, actorRole: 'system' });
      expect(fromNothing.metadata.correlationId).not.toBe(fromEvent.metadata.correlationId);
    });

    it('should settle each of many concurrent appends on its own when they share commits', async () => {
      const fresh = Array.from({ length: 40 }, () => newStream());
      const existing = newStream();
      await store.append(existing, 'no_stream', [{ type: 'Opened', data: {} }], { streamType });
      const retried = newStream();
      const retriedId = randomUUID();
      const first = await store.append(
        retried,
        'no_stream',
        [{ type: 'Opened', data: {}, eventId: retriedId }],
        { streamType },
      );

      const results = await Promise.allSettled([
        ...fresh.map((stream, i) =>
          store.append(
            stream,
            'no_stream',
            [
              { type: 'Opened', data: { i } },
              { type: 'Touched', data: { i } },
            ],
            { streamType, subjectId: `subject:${stream}` },
          ),
        ),
        store.append(existing, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }),
        store.append(retried, 'no_stream', [{ type: 'Opened', data: {}, eventId: retriedId }], {
          streamType,
        }),
      ]);

      const created = results.slice(0, fresh.length);
      expect(created.every((r) => r.status === 'fulfilled')).toBe(true);
      expect(results[fresh.length]).toMatchObject({ status: 'rejected' });
      expect((results[fresh.length] as PromiseRejectedResult).reason).toBeInstanceOf(
        ConcurrencyError,
      );
      expect(results[fresh.length + 1]).toEqual({
        status: 'fulfilled',
        value: { ...first, duplicate: true },
      });
      for (const stream of fresh) {
        const events = await store.readStream(stream);
        expect(events.map((e) => e.streamVersion)).toEqual([1, 2]);
        // Within a stream, the global order follows the stream's own order.
        expect(events[1].globalPosition).toBeGreaterThan(events[0].globalPosition);
      }
      expect(await store.readStream(existing)).toHaveLength(1);
    });

    it('should append only while a required stream is still at the version given', async () => {
      const required = newStream();
      await store.append(required, 'no_stream', [{ type: 'Opened', data: {} }], { streamType });
      const ok = newStream();
      await store.append(ok, 'no_stream', [{ type: 'Opened', data: {} }], {
        streamType,
        requires: { streamId: required, version: 1 },
      });
      await store.append(required, 1, [{ type: 'Touched', data: {} }], { streamType });

      const refused = newStream();
      await expect(
        store.append(refused, 'no_stream', [{ type: 'Opened', data: {} }], {
          streamType,
          requires: { streamId: required, version: 1 },
        }),
      ).rejects.toBeInstanceOf(RequirementChangedError);
      expect(await store.readStream(ok)).toHaveLength(1);
      expect(await store.streamVersion(refused)).toBe(0);
    });

    it('should hold a required stream still until the appending transaction commits', async () => {
      const required = newStream();
      await store.append(required, 'no_stream', [{ type: 'Opened', data: {} }], { streamType });
      const dependent = newStream();
      let moved = false;
      let bump: Promise<unknown> = Promise.resolve();
      await store.inTransaction(async (transaction) => {
        await store.append(
          dependent,
          'no_stream',
          [{ type: 'Opened', data: {} }],
          { streamType, requires: { streamId: required, version: 1 } },
          transaction,
        );
        // The version bump must wait for this transaction: it cannot slip in before the commit.
        bump = store
          .append(required, 1, [{ type: 'Touched', data: {} }], { streamType })
          .then(() => {
            moved = true;
          });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(moved).toBe(false);
      });
      await bump;
      expect(await store.streamVersion(required)).toBe(2);
    });
  });

  describe('transactions', () => {
    it('should fail a transaction that a caught statement error rolled back, not report it done', async () => {
      const stream = newStream();
      const work = inTransaction(db.pool, async (client) => {
        await client.query('select 1 / 0').catch(() => undefined);
        await store
          .append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }, client)
          .catch(() => undefined);
        return 'done';
      });
      await expect(work).rejects.toThrow(/ROLLBACK/);
      expect(await store.streamVersion(stream)).toBe(0);
    });
  });

  describe('inline handlers', () => {
    it('should end the batch only after every handler, and keep none of a failed append', async () => {
      await db.pool.query('create table inline_writes (stream_id text, step int)');
      const isolated = newStore();
      // One handler writes twice with a pause between; the other fails one append at once.
      isolated.registerInlineHandler(['Written'], async (events, tx) => {
        const streams = events.map((event) => event.streamId);
        await tx.query('insert into inline_writes select unnest($1::text[]), 1', [streams]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.query('insert into inline_writes select unnest($1::text[]), 2', [streams]);
      });
      isolated.registerInlineHandler(['Written'], async (events) => {
        if (events.some((event) => event.data.fail)) throw new Error('projection failed');
      });
      const [kept, failed] = [newStream(), newStream()];

      const results = await Promise.allSettled([
        isolated.append(kept, 'no_stream', [{ type: 'Written', data: {} }], { streamType }),
        isolated.append(failed, 'no_stream', [{ type: 'Written', data: { fail: true } }], {
          streamType,
        }),
      ]);
      await isolated.drain();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { rows } = await db.pool.query<{ stream_id: string; step: number }>(
        'select stream_id, step from inline_writes order by stream_id, step',
      );

      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
      expect(rows).toEqual([
        { stream_id: kept, step: 1 },
        { stream_id: kept, step: 2 },
      ]);
      expect(await isolated.readStream(failed)).toEqual([]);
    });

    it("should leave in the handlers' tables only what a batch wrote, not what it was sent to write", async () => {
      // No key on the table: a row written for an event that was not written would stay.
      await db.pool.query('create table inline_seen (stream_id text, version int)');
      const isolated = newStore();
      isolated.registerInlineHandler(['Seen'], async (events, tx) => {
        await tx.query('insert into inline_seen select * from unnest($1::text[], $2::int[])', [
          events.map((event) => event.streamId),
          events.map((event) => event.streamVersion),
        ]);
      });
      const seen = (streamId: string, count = 1) =>
        Array.from({ length: count }, () => ({ type: 'Seen', data: {} }));
      const [taken, leader, kept, grown] = Array.from({ length: 4 }, newStream);
      await isolated.append(taken, 'no_stream', seen(taken), { streamType });
      await isolated.append(grown, 'no_stream', seen(grown), { streamType });

      // The leader takes the free batch; the rest wait and go together in the next one, where
      // the append to `taken` is refused (it exists) and so are its foretold rows.
      const results = await Promise.allSettled([
        isolated.append(leader, 'no_stream', seen(leader), { streamType }),
        isolated.append(kept, 'no_stream', seen(kept), { streamType }),
        isolated.append(taken, 'no_stream', seen(taken), { streamType }),
        isolated.append(grown, 1, seen(grown, 2), { streamType }),
      ]);
      await isolated.drain();

      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      const { rows } = await db.pool.query<{ stream_id: string; version: number }>(
        'select stream_id, version from inline_seen',
      );
      const byStream = (id: string) =>
        rows.filter((row) => row.stream_id === id).map((row) => row.version);
      expect({
        taken: byStream(taken),
        leader: byStream(leader),
        kept: byStream(kept),
        grown: byStream(grown).sort(),
      }).toEqual({ taken: [1], leader: [1], kept: [1], grown: [1, 2, 3] });
    });
  });

  describe('readAll', () => {
    async function begin(): Promise<pg.PoolClient> {
      const client = await db.pool.connect();
      await client.query('begin');
      return client;
    }

    async function finish(client: pg.PoolClient): Promise<void> {
      await client.query('commit');
      client.release();
    }

    it('should hold back a commit that overtook an earlier position, then deliver both once', async () => {
      const start = await store.headPosition();
      const early = await begin();
      const late = await begin();
      const a = newStream();
      const b = newStream();
      // A takes the lower position but commits last.
      await store.append(a, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }, early);
      await store.append(b, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }, late);
      await finish(late);

      const whileAInFlight = await readEverything(start);
      await finish(early);
      const afterwards = await readUntil(start, 2);

      expect(whileAInFlight).toEqual([]);
      expect(afterwards.map((e) => e.streamId)).toEqual([a, b]);
    });

    it('should deliver a transaction with an older id but a newer position exactly once', async () => {
      const start = await store.headPosition();
      const early = await begin();
      await early.query('select pg_current_xact_id()'); // A's transaction id is now the older one
      const late = await begin();
      const a = newStream();
      const b = newStream();
      await store.append(b, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }, late);
      await finish(late);
      const beforeA = await readEverything(start);
      await store.append(a, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }, early);
      await finish(early);

      const checkpoint = beforeA.at(-1);
      const rest = await readUntil(
        checkpoint
          ? { transactionId: checkpoint.transactionId, globalPosition: checkpoint.globalPosition }
          : start,
        2,
      );
      const delivered = [...beforeA, ...rest];

      expect(beforeA).toEqual([]);
      expect(delivered.map((e) => e.streamId).sort()).toEqual([a, b].sort());
      const [eventA] = delivered.filter((e) => e.streamId === a);
      const [eventB] = delivered.filter((e) => e.streamId === b);
      expect(eventA.globalPosition).toBeGreaterThan(eventB.globalPosition);
    });

    it("should deliver a stream's events in version order when the later appender took its id first", async () => {
      const stream = newStream();
      await store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType });
      const start = await store.headPosition();
      const early = await begin();
      await early.query('select pg_current_xact_id()'); // as a password change storing credentials first
      await store.append(stream, 1, [{ type: 'Touched', data: { n: 2 } }], { streamType });
      await store.append(stream, 2, [{ type: 'Touched', data: { n: 3 } }], { streamType }, early);
      await finish(early);

      const delivered = await readUntil(start, 2);

      expect(delivered.map((e) => e.streamVersion)).toEqual([2, 3]);
    });

    it('should order by transaction id as a number, not as text', async () => {
      // Transaction ids 99 and 100 are long finished on this server: past readers' horizon.
      const type = `Numbered-${randomUUID()}`;
      await db.pool.query(
        `insert into events (transaction_id, stream_id, stream_version, event_id, type, data, metadata)
         values ('100', $1, 1, $2, $3, '{}', '{}'), ('99', $4, 1, $5, $3, '{}', '{}')`,
        [newStream(), randomUUID(), type, newStream(), randomUUID()],
      );
      const appended = await store.append(
        newStream(),
        'no_stream',
        [{ type: 'Opened', data: {} }],
        {
          streamType,
        },
      );

      const events = await store.readAll(LOG_START, 10, { types: [type] });
      let head = await store.headPosition();
      for (
        let tries = 0;
        head.globalPosition < appended.globalPositions[0] && tries < 200;
        tries++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50)); // other files' transactions
        head = await store.headPosition();
      }

      expect(events.map((e) => e.transactionId)).toEqual(['99', '100']);
      expect(head.globalPosition).toBe(appended.globalPositions[0]);
    });

    it('should skip events of a rolled-back transaction', async () => {
      const start = await store.headPosition();
      const client = await begin();
      await openNewStream(client);
      await client.query('rollback');
      client.release();

      expect(await readEverything(start)).toEqual([]);
    });
  });

  describe('a connection lost at COMMIT', () => {
    /**
     * A store on a pool whose second COMMIT meets `fault` on its connection: the real server
     * sees what it would see when a network or the server fails at that moment. Of appends
     * asked for together, the first commits alone and the rest share that second commit.
     */
    function storeWithFaultAtCommit(
      fault: (client: pg.PoolClient, commit: () => Promise<unknown>) => Promise<unknown>,
    ) {
      const pool = new pg.Pool({ connectionString: db.url, max: 4 });
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined)); // as the app's pool
      let commitsBeforeFault = 1;
      const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
      const withFault = (client: pg.PoolClient) => {
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        client.query = ((...args: unknown[]) => {
          if (args[0] !== 'commit' || commitsBeforeFault-- !== 0) return query(...args);
          return fault(client, () => query(...args));
        }) as typeof client.query;
        return client;
      };
      // Transactions take a client as a promise; pool.query takes one through a callback.
      pool.connect = ((...args: unknown[]) =>
        args.length > 0
          ? connect(...args)
          : (connect() as Promise<pg.PoolClient>).then(withFault)) as typeof pool.connect;
      const faulty = new EventStore(
        pool,
        new PersonalDataVault(pool, createSecretKey(randomBytes(32))),
        upcasters,
      );
      return {
        store: faulty,
        async close() {
          await faulty.drain();
          await pool.end();
        },
      };
    }

    const appendTogether = (target: EventStore, streams: string[]) =>
      Promise.allSettled(
        streams.map((stream) =>
          target.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType }),
        ),
      );

    async function storedVersions(streams: string[]) {
      const { rows } = await db.pool.query<{ stream_id: string; n: number }>(
        'select stream_id, count(*)::int as n from events where stream_id = any($1) group by 1',
        [streams],
      );
      return Object.fromEntries(rows.map((r) => [r.stream_id, r.n]));
    }

    it('should settle appends the lost COMMIT stored as stored, not as failures', async () => {
      // COMMIT reaches the server, then the connection closes before its answer is read.
      const { store: faulty, close } = storeWithFaultAtCommit((client, commit) => {
        const answer = commit();
        const { stream } = (client as unknown as { connection: { stream: Socket } }).connection;
        stream.end(() => stream.destroy());
        return answer;
      });
      const streams = Array.from({ length: 8 }, () => newStream());
      try {
        const results = await appendTogether(faulty, streams);

        expect(results.map((r) => r.status)).toEqual(streams.map(() => 'fulfilled'));
        expect(
          results.map(
            (r) => (r as PromiseFulfilledResult<{ nextVersion: number }>).value.nextVersion,
          ),
        ).toEqual(streams.map(() => 1));
        expect(await storedVersions(streams)).toEqual(
          Object.fromEntries(streams.map((s) => [s, 1])),
        );
      } finally {
        await close();
      }
    });

    it('should store once appends whose connection ended before COMMIT', async () => {
      // The backend is ended from another connection just before COMMIT: nothing was stored.
      const { store: faulty, close } = storeWithFaultAtCommit(async (client, commit) => {
        const pid = (client as unknown as { processID: number }).processID;
        await db.pool.query('select pg_terminate_backend($1)', [pid]);
        return commit();
      });
      const streams = Array.from({ length: 8 }, () => newStream());
      try {
        const results = await appendTogether(faulty, streams);

        expect(results.map((r) => r.status)).toEqual(streams.map(() => 'fulfilled'));
        expect(await storedVersions(streams)).toEqual(
          Object.fromEntries(streams.map((s) => [s, 1])),
        );
      } finally {
        await close();
      }
    });
  });

  describe('personal data', () => {
    const personalData = { name: 'Matti Meikäläinen', email: 'matti.meikalainen@example.fi' };
    /** Opens `stream` with one event whose personal data is sealed for `subjectId`. */
    const openSealed = (on: EventStore, stream: string, subjectId: string) =>
      on.append(stream, 'no_stream', [{ type: 'Opened', data: {}, personalData }], {
        streamType,
        subjectId,
      });

    it('should store personal data only encrypted and read it back through readStream', async () => {
      const stream = newStream();
      await store.append(
        stream,
        'no_stream',
        [{ type: 'Opened', data: { doors: 4 }, personalData }],
        { streamType, subjectId: `lead:${stream}` },
      );

      const { rows } = await db.pool.query<{ raw: string }>(
        'select data::text || metadata::text as raw from events where stream_id = $1',
        [stream],
      );
      const [event] = await store.readStream(stream);

      expect(rows[0].raw).not.toContain('Matti');
      expect(rows[0].raw).not.toContain('matti.meikalainen');
      expect(event.data).toEqual({ doors: 4 });
      expect(event.personalData).toEqual(personalData);
    });

    it('should make personal data unreadable after erasure while the event stays', async () => {
      const stream = newStream();
      const subjectId = `lead:${stream}`;
      await store.append(
        stream,
        'no_stream',
        [{ type: 'Opened', data: { doors: 4 }, personalData }],
        {
          streamType,
          subjectId,
        },
      );
      await store.append(stream, 1, [{ type: 'Erased', data: {} }], { streamType });

      await store.personalData.erase(subjectId);
      const [opened, erased] = await store.readStream(stream);

      expect(opened.personalData).toBeNull();
      expect(opened.data).toEqual({ doors: 4 });
      expect(erased.personalData).toBeUndefined();
    });

    it('should read data sealed before an erasure as erased once its subject has a key again', async () => {
      const [before, after] = [newStream(), newStream()];
      const subjectId = `lead:${before}`;
      await openSealed(store, before, subjectId);
      await store.personalData.erase(subjectId);

      await openSealed(store, after, subjectId);

      expect((await store.readStream(before))[0].personalData).toBeNull();
      expect((await store.readStream(after))[0].personalData).toEqual(personalData);
    });

    it('should still read personal data sealed after a rolled-back first write of its subject', async () => {
      const stream = newStream();
      const subjectId = `lead:${stream}`;
      const abandoned = store.inTransaction(async (client) => {
        await store.append(
          stream,
          'no_stream',
          [{ type: 'Opened', data: {}, personalData }],
          { streamType, subjectId },
          client,
        );
        throw new Error('command failed after appending');
      });
      await expect(abandoned).rejects.toThrow('command failed');

      await openSealed(store, stream, subjectId);

      expect((await store.readStream(stream))[0].personalData).toEqual(personalData);
    });

    describe('with a key not read from the table first', () => {
      const wrappingKey = createSecretKey(randomBytes(32));
      /** Two instances of the app on one database, sharing the app secret. */
      const instance = () =>
        new EventStore(
          db.pool,
          new PersonalDataVault(db.pool, wrappingKey),
          upcasters,
          requestContextMetadata,
        );
      const keyCount = async (subjectId: string) =>
        (
          await db.pool.query<{ n: number }>(
            'select count(*)::int as n from data_subject_keys where subject_id = $1',
            [subjectId],
          )
        ).rows[0].n;

      it('should seal with the stored key when another instance erased the one remembered here', async () => {
        const [here, there] = [instance(), instance()];
        const [first, second] = [newStream(), newStream()];
        const subjectId = `lead:${first}`;
        await openSealed(here, first, subjectId);
        await there.personalData.erase(subjectId);

        await openSealed(here, second, subjectId);

        expect((await there.readStream(second))[0].personalData).toEqual(personalData);
        expect(await keyCount(subjectId)).toBe(1);
        await Promise.all([here.drain(), there.drain()]);
      });

      it("should seal a new stream's first event with the key its subject already has", async () => {
        const [here, there] = [instance(), instance()];
        const [first, second] = [newStream(), newStream()];
        const subjectId = `lead:${first}`;
        await openSealed(there, first, subjectId);

        await openSealed(here, second, subjectId);

        expect((await there.readStream(first))[0].personalData).toEqual(personalData);
        expect((await there.readStream(second))[0].personalData).toEqual(personalData);
        expect(await keyCount(subjectId)).toBe(1);
        await Promise.all([here.drain(), there.drain()]);
      });

      it('should store no key for a new subject whose append lost', async () => {
        const stream = newStream();
        const subjectId = `lead:${stream}`;
        await store.append(stream, 'no_stream', [{ type: 'Opened', data: {} }], { streamType });

        const lost = store.append(
          stream,
          'no_stream',
          [{ type: 'Opened', data: {}, personalData }],
          { streamType, subjectId },
        );

        await expect(lost).rejects.toThrow(ConcurrencyError);
        expect(await keyCount(subjectId)).toBe(0);
      });
    });

    it('should refuse personal data without a data subject', async () => {
      const attempt = store.append(
        newStream(),
        'no_stream',
        [{ type: 'Opened', data: {}, personalData }],
        {
          streamType,
        },
      );
      await expect(attempt).rejects.toThrow('subjectId');
    });
  });

  describe('upcasters', () => {
    it('should upcast an event stored in an old schema version on read', async () => {
      upcasters.register(
        {
          type: 'PriceQuoted',
          fromVersion: 1,
          upcast: ({ data: { price, ...rest }, personalData }) => ({
            data: { ...rest, priceCents: Number(price) * 100 },
            personalData,
          }),
        },
        {
          type: 'PriceQuoted',
          fromVersion: 2,
          upcast: ({ data, personalData }) => ({
            data: { ...data, currency: 'EUR' },
            personalData,
          }),
        },
      );
      const stream = newStream();
      await store.append(
        stream,
        'no_stream',
        [{ type: 'PriceQuoted', data: { price: 950, doors: 4 }, schemaVersion: 1 }],
        { streamType },
      );
      await store.append(
        stream,
        1,
        [{ type: 'PriceQuoted', data: { priceCents: 1, doors: 1, currency: 'EUR' } }],
        {
          streamType,
        },
      );

      const [old, current] = await store.readStream(stream);

      expect(old).toMatchObject({
        schemaVersion: 3,
        data: { priceCents: 95_000, doors: 4, currency: 'EUR' },
      });
      expect(current).toMatchObject({
        schemaVersion: 3,
        data: { priceCents: 1, doors: 1, currency: 'EUR' },
      });
      const { rows } = await db.pool.query<{ schema_version: number }>(
        'select schema_version from events where stream_id = $1 order by stream_version',
        [stream],
      );
      expect(rows.map((r) => r.schema_version)).toEqual([1, 3]);
    });

    it('should upcast personal data of an old shape, decrypted, wherever it is read', async () => {
      upcasters.register({
        type: 'CustomerNamed',
        fromVersion: 1,
        upcast: ({ data, personalData }) => {
          if (!personalData) return { data, personalData };
          const { name, ...rest } = personalData as { name: string };
          const [firstName, ...last] = name.split(' ');
          return { data, personalData: { ...rest, firstName, lastName: last.join(' ') } };
        },
      });
      const inline: InlineEvent[] = [];
      store.registerInlineHandler(['CustomerNamed'], async (events) => void inline.push(...events));
      const stream = newStream();
      const start = await store.headPosition();
      await store.append(
        stream,
        'no_stream',
        [
          {
            type: 'CustomerNamed',
            data: { source: 'quote' },
            personalData: { name: 'Matti Meikäläinen', phone: '+358 40 123 4567' },
            schemaVersion: 1,
          },
        ],
        { streamType, subjectId: stream },
      );
      const upgraded = { firstName: 'Matti', lastName: 'Meikäläinen', phone: '+358 40 123 4567' };

      const [fromStream] = await store.readStream(stream);
      await readUntil(start, 1);
      const fromLog = (await store.readAll(start, 1000, { personalData: true })).find(
        (e) => e.streamId === stream,
      );
      const [withoutPersonalData] = await store.readStream(stream, { personalData: false });

      expect(inline).toMatchObject([{ schemaVersion: 2, personalData: upgraded }]);
      expect(fromStream).toMatchObject({ schemaVersion: 2, personalData: upgraded });
      expect(fromLog).toMatchObject({ schemaVersion: 2, personalData: upgraded });
      expect(withoutPersonalData).toMatchObject({
        schemaVersion: 2,
        data: { source: 'quote' },
        personalData: null,
      });
    });
  });
});
