/**
 * What counting the public rate limits in PostgreSQL (RATE_LIMIT_STORE=database, every instance
 * alike) adds to a quote against counting them in the process (memory). Two apps on one embedded
 * PostgreSQL take turns in short rounds (memory, database, memory, ...), each sent POST
 * /api/quote at a fixed rate, every request from its own client IP (X-Forwarded-For, one trusted
 * hop) so each hit upserts a row as visitors' would. The verdict is the median over the rounds
 * of the p99 difference: on a shared machine the host's speed drifts within a minute.
 *
 *   npm run bench -- shared-limits
 *   npm run build:server && node test/bench/shared-limits.bench.ts [seconds per turn] [--rounds=<n>]
 *
 * Target: the shared count adds at most 1 ms to the quote's p99; exits 1 above it.
 */
import pg from 'pg';
import { startBenchApp, startBenchDatabase } from './bench-support.ts';
import { endQuoteLoad, percentile, quotesAtRate } from './quote-load.ts';

const args = process.argv.slice(2);
const SECONDS = Number(args.find((arg) => !arg.startsWith('-')) ?? 6);
const ROUNDS = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 3);
const RATE_PER_SECOND = 50;
const TARGET_ADDED_P99_MS = 1;

/** The shared count's own statement, one at a time: what each public request waits for. */
async function upsertAlone(databaseUrl: string): Promise<void> {
  const { SharedThrottlerStorage, SHARED_KEY_PREFIX } =
    await import('#src/platform/http/shared-throttler-storage.js');
  const { FixedWindowThrottlerStorage } =
    await import('#src/platform/http/fixed-window-throttler-storage.js');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const storage = new SharedThrottlerStorage(pool, new FixedWindowThrottlerStorage());
  try {
    const times: number[] = [];
    for (let n = 0; n < 2000; n++) {
      const started = performance.now();
      await storage.increment(
        `${SHARED_KEY_PREFIX}bench-${n % 500}`,
        60_000,
        1e6,
        60_000,
        'default',
      );
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `the shared count's upsert alone, 2000 in a row over 500 keys: p50 ${percentile(times, 50).toFixed(3)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(3)} ms`,
    );
  } finally {
    storage.onApplicationShutdown();
    await pool.end();
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
      for (const { base } of Object.values(apps)) await quotesAtRate(base, RATE_PER_SECOND, 1); // warm-up
      const added: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const p99: Record<string, number> = {};
        for (const [name, { base }] of Object.entries(apps)) {
          const sorted = (await quotesAtRate(base, RATE_PER_SECOND, SECONDS)).sort((a, b) => a - b);
          p99[name] = percentile(sorted, 99);
          console.log(
            `round ${round} ${name.padEnd(8)} ${sorted.length} quotes: p50 ${percentile(sorted, 50).toFixed(2)} ms, ` +
              `p99 ${p99[name].toFixed(2)} ms`,
          );
        }
        added.push(p99.database - p99.memory);
      }
      await upsertAlone(database.url);
      const median = [...added].sort((a, b) => a - b)[Math.floor(added.length / 2)];
      const verdict = median <= TARGET_ADDED_P99_MS ? 'PASS' : 'FAIL';
      console.log(
        `shared rate limit adds ${median.toFixed(2)} ms to a quote's p99 (median of ${ROUNDS} rounds: ` +
          `${added.map((ms) => ms.toFixed(2)).join(', ')}; target <= ${TARGET_ADDED_P99_MS} ms) ${verdict}`,
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
