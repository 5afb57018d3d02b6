import pg from 'pg';
import { FixedWindowThrottlerStorage } from '#src/platform/http/fixed-window-throttler-storage.js';
import {
  FLUSH_INTERVAL_MS,
  LOCAL_HITS_PER_KEY,
  SHARED_KEY_PREFIX,
  SharedThrottlerStorage,
} from '#src/platform/http/shared-throttler-storage.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The shared count as several instances run it, each with a pool of its own on one real
 * PostgreSQL: exact for hits one after another, and over by at most (instances - 1) x
 * LOCAL_HITS_PER_KEY in a burst (docs/decisions/0129-shared-limits-off-the-request-path.md).
 */
const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('SharedThrottlerStorage on PostgreSQL, as several instances', () => {
  let db: TestDatabase;
  let made: { storage: SharedThrottlerStorage; pool: pg.Pool }[] = [];
  let keys = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    for (const { storage, pool } of made) {
      await storage.beforeApplicationShutdown();
      storage.onApplicationShutdown();
      await pool.end();
    }
    made = [];
  });
  afterAll(async () => {
    await db?.drop();
  });

  function instances(count: number, url = db.url): SharedThrottlerStorage[] {
    return Array.from({ length: count }, () => {
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      pool.on('error', () => undefined);
      const storage = new SharedThrottlerStorage(pool, new FixedWindowThrottlerStorage());
      made.push({ storage, pool });
      return storage;
    });
  }

  const newKey = () => `${SHARED_KEY_PREFIX}spec-${++keys}`;
  const hit = (storage: SharedThrottlerStorage, key: string, limit: number, ttl = MINUTE) =>
    storage.increment(key, ttl, limit, ttl, 'default');

  async function sharedHits(key: string): Promise<number | undefined> {
    const { rows } = await db.pool.query<{ hits: number }>(
      'select hits from rate_limit_hits where key = $1',
      [`default:${key}`],
    );
    return rows[0]?.hits;
  }

  it.each([1, 3, 20])(
    'should admit exactly the limit of %i across two instances taking turns',
    async (limit) => {
      const [a, b] = instances(2);
      const key = newKey();
      const admitted: boolean[] = [];
      for (let n = 0; n < limit + 3; n++) {
        const answer = await hit(n % 2 === 0 ? a : b, key, limit);
        admitted.push(!answer.isBlocked);
        // Some turns land right after a flush, some long before the next one.
        if (n % 3 === 1) await sleep(FLUSH_INTERVAL_MS * 1.5);
      }
      expect(admitted).toEqual([...Array(limit).fill(true), false, false, false]);
    },
  );

  it.each([
    { limit: 2, instanceCount: 2 },
    { limit: 3, instanceCount: 2 },
    { limit: 5, instanceCount: 2 },
    { limit: 20, instanceCount: 2 },
    { limit: 20, instanceCount: 3 },
    { limit: 100, instanceCount: 2 },
  ])(
    'should exceed a limit of $limit by at most the bound in bursts across $instanceCount instances',
    async ({ limit, instanceCount }) => {
      const storages = instances(instanceCount);
      const bound = (instanceCount - 1) * LOCAL_HITS_PER_KEY;
      for (let burst = 0; burst < 8; burst++) {
        // Several keys at once, so the instances' batches overlap. Every key's hits go round the
        // instances; in every other burst they all start at once (each instance admits its first
        // from memory, the others race to the limit before any flush), in the rest each waits for
        // a random share of a few flushes, so hits land before, during and after them.
        const burstKeys = Array.from({ length: 4 }, newKey);
        const answers = await Promise.all(
          Array.from({ length: (limit + 5) * burstKeys.length }, async (_, n) => {
            if (burst % 2 === 1) await sleep(Math.random() * FLUSH_INTERVAL_MS * 3);
            const key = burstKeys[n % burstKeys.length];
            const storage = storages[Math.floor(n / burstKeys.length) % instanceCount];
            return { key, admitted: !(await hit(storage, key, limit)).isBlocked };
          }),
        );
        for (const key of burstKeys) {
          // Every key got limit + 5 hits: more than its limit and its bound.
          const admitted = answers.filter((answer) => answer.key === key && answer.admitted);
          expect(admitted.length).toBeGreaterThanOrEqual(limit);
          expect(admitted.length).toBeLessThanOrEqual(limit + bound);
        }
      }
    },
  );

  it('should admit a key far from its limit from memory and count it within a flush', async () => {
    const [a, b] = instances(2);
    const key = newKey();
    expect((await hit(a, key, 20)).isBlocked).toBe(false);
    expect(await sharedHits(key)).toBeUndefined();
    await sleep(FLUSH_INTERVAL_MS * 3);
    expect(await sharedHits(key)).toBe(1);
    expect((await hit(b, key, 20)).isBlocked).toBe(false);
    await sleep(FLUSH_INTERVAL_MS * 3);
    expect(await sharedHits(key)).toBe(2);
  });

  it('should refuse a key known to be at its limit without asking the database', async () => {
    const [a] = instances(1);
    const key = newKey();
    const refused: boolean[] = [];
    for (let n = 0; n < 6; n++) refused.push((await hit(a, key, 2)).isBlocked);
    expect(refused).toEqual([false, false, true, true, true, true]);
    await sleep(FLUSH_INTERVAL_MS * 3);
    expect(await sharedHits(key)).toBe(2);
  });

  it('should admit the key again once its window has ended', async () => {
    const [a, b] = instances(2);
    const key = newKey();
    const ttl = 600;
    expect((await hit(a, key, 1, ttl)).isBlocked).toBe(false);
    expect((await hit(b, key, 1, ttl)).isBlocked).toBe(true);
    expect((await hit(a, key, 1, ttl)).isBlocked).toBe(true);
    await sleep(ttl + 100);
    expect((await hit(b, key, 1, ttl)).isBlocked).toBe(false);
    expect((await hit(a, key, 1, ttl)).isBlocked).toBe(true);
  });

  it('should add the hits admitted from memory to the shared count when the app shuts down', async () => {
    const [a] = instances(1);
    const key = newKey();
    await hit(a, key, 20);
    await a.beforeApplicationShutdown();
    expect(await sharedHits(key)).toBe(1);
  });

  it("should fall back to the process's own count while the database cannot be reached", async () => {
    const unreachable = new URL(db.url);
    unreachable.port = '1';
    const [a] = instances(1, unreachable.toString());
    const key = newKey();
    const admitted: boolean[] = [];
    for (let n = 0; n < 6; n++) admitted.push(!(await hit(a, key, 3)).isBlocked);
    // The first hit is admitted from memory, the rest counted by the process alone.
    expect(admitted).toEqual([true, true, true, true, false, false]);
  });
});
