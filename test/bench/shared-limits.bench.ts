/**
 * What counting the public rate limits for every instance (RATE_LIMIT_STORE=database) adds to a
 * quote against counting them in the process (memory). Two apps on one embedded PostgreSQL are
 * sent POST /api/quote in turn (memory, database, memory, ...) at a fixed rate, every request
 * from its own client IP (X-Forwarded-For, one trusted hop), as visitors' are. Dealt quote by
 * quote, not in rounds of seconds: on a shared machine the host's speed drifts within a minute.
 * Even dealt in turn, the two quote p99s differ by more than the target from one round to the
 * next, so they are printed with their ratio, and the verdict is taken where the cost is: each
 * call the guard makes into the shared count during the load is timed in the database app, and
 * its p99 times the calls a quote makes is what a quote's p99 can gain. The statements the count
 * sends meanwhile (off the request path, or on it near a limit) are timed and counted too, and
 * every quote must have reached the shared count, or the bench measured nothing.
 *
 *   npm run bench -- shared-limits
 *   npm run build:server && node test/bench/shared-limits.bench.ts [seconds per turn] [--rounds=<n>]
 *
 * Target: the shared count adds at most 1 ms to the quote's p99; exits 1 above it.
 */
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchApp, startBenchDatabase } from './bench-support.ts';
import { endQuoteLoad, interleavedQuotesAtRate, percentile } from './quote-load.ts';

const args = process.argv.slice(2);
const SECONDS = Number(args.find((arg) => !arg.startsWith('-')) ?? 20);
const ROUNDS = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 3);
const RATE_PER_SECOND = 50;
const TARGET_ADDED_P99_MS = 1;
const { SHARED_KEY_PREFIX, FLUSH_INTERVAL_MS } =
  await import('#src/platform/http/shared-throttler-storage.js');
const { addSharedHits } = await import('#src/platform/http/shared-limit-counts.js');
const { PG_POOL } = await import('#src/platform/database/queryable.js');

const spread = (values: readonly number[], digits = 2): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(digits)} ms`).join(', ');
};

/** The shared count's statement alone, one at a time: what a hit near its limit waits for. */
async function statementAlone(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const times: number[] = [];
    for (let n = 0; n < 2000; n++) {
      const started = performance.now();
      await addSharedHits(pool, [{ key: `default:bench-${n % 500}`, hits: 1, ttlMs: 60_000 }]);
      times.push(performance.now() - started);
    }
    console.log(
      `the shared count's statement alone, 2000 in a row over 500 keys: ${spread(times, 3)}`,
    );
  } finally {
    await pool.end();
  }
}

/** Times every shared count the guard asks `storage` for; answers the list it fills. */
function timeCalls(storage: ThrottlerStorage): number[] {
  const times: number[] = [];
  const increment = storage.increment.bind(storage);
  storage.increment = async (key, ...rest) => {
    const started = performance.now();
    try {
      return await increment(key, ...rest);
    } finally {
      if (key.startsWith(SHARED_KEY_PREFIX)) times.push(performance.now() - started);
    }
  };
  return times;
}

/** Times every statement `pool` sends to the shared count's table; answers the list it fills. */
function timeStatements(pool: pg.Pool): number[] {
  const times: number[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as { query: unknown }).query = async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await query(...args);
    } finally {
      if (String(args[0]).includes('into rate_limit_hits')) times.push(performance.now() - started);
    }
  };
  return times;
}

async function sharedTotal(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ hits: string | null }>(
      'select sum(hits) as hits from rate_limit_hits',
    );
    return Number(rows[0].hits ?? 0);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const database = await startBenchDatabase();
  try {
    const env = { RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY_HOPS: '1' };
    const apps = {
      memory: await startBenchApp(database.url, { ...env, RATE_LIMIT_STORE: 'memory' }),
      database: await startBenchApp(database.url, { ...env, RATE_LIMIT_STORE: 'database' }),
    };
    try {
      const calls = timeCalls(apps.database.app.get<ThrottlerStorage>(getStorageToken()));
      const statements = timeStatements(apps.database.app.get<pg.Pool>(PG_POOL));
      const bases = [apps.memory.base, apps.database.base];
      const warmUp = await interleavedQuotesAtRate(bases, RATE_PER_SECOND, 2);
      calls.length = 0;
      statements.length = 0;
      const quotes = { memory: [] as number[], database: [] as number[] };
      const loopDelay = monitorEventLoopDelay({ resolution: 1 });
      loopDelay.enable();
      for (let round = 1; round <= ROUNDS; round++) {
        const [memory, database] = await interleavedQuotesAtRate(bases, RATE_PER_SECOND, SECONDS);
        console.log(
          `round ${round}: memory ${memory.length} quotes ${spread(memory)}; ` +
            `database ${database.length} quotes ${spread(database)}`,
        );
        quotes.memory.push(...memory);
        quotes.database.push(...database);
      }
      loopDelay.disable();
      const p99 = (values: number[]) =>
        percentile(
          [...values].sort((a, b) => a - b),
          99,
        );
      console.log(`quote, limits in memory:   ${spread(quotes.memory)}`);
      console.log(
        `quote, limits in database: ${spread(quotes.database)}; ` +
          `p99 ratio database/memory ${(p99(quotes.database) / p99(quotes.memory)).toFixed(2)}`,
      );
      const perQuote = Math.ceil(calls.length / quotes.database.length);
      const added = p99(calls) * perQuote;
      console.log(
        `the guard's shared count under load: ${calls.length} calls for ${quotes.database.length} quotes, ` +
          `${spread(calls, 3)} a call; the event loop (load and both apps share it) late by ` +
          `p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`,
      );
      console.log(
        `statements into the shared count meanwhile: ${statements.length} ` +
          `(${(statements.length / (ROUNDS * SECONDS)).toFixed(1)} a second), ${spread(statements, 3)}`,
      );
      await new Promise((done) => setTimeout(done, 3 * FLUSH_INTERVAL_MS));
      const counted = await sharedTotal(database.url);
      const sent = warmUp[1].length + quotes.database.length;
      console.log(
        `quotes in the shared count: ${counted} of the ${sent} the database app answered`,
      );
      await statementAlone(database.url);
      const verdict = added <= TARGET_ADDED_P99_MS && counted === sent ? 'PASS' : 'FAIL';
      console.log(
        `shared rate limit adds at most ${added.toFixed(3)} ms to a quote's p99 ` +
          `(${perQuote} call(s) a quote at their p99; target <= ${TARGET_ADDED_P99_MS} ms` +
          `${counted === sent ? '' : '; quotes missing from the shared count'}) ${verdict}`,
      );
      if (verdict === 'FAIL') process.exitCode = 1;
    } finally {
      endQuoteLoad();
      await Promise.all(Object.values(apps).map(({ app }) => app.close()));
    }
  } finally {
    await database.stop();
  }
}

await main();
