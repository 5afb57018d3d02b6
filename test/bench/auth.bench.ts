/**
 * Cost of staff authentication: argon2id hashing (budget 25–100 ms per hash) and the work the
 * access guard adds to every signed-in call (budget < 1 ms), measured directly and as latency of
 * a guarded route next to a public one, against a throw-away embedded PostgreSQL.
 *
 *   npm run build:server && node test/bench/auth.bench.ts [calls per route, default 500]
 */
import argon2 from 'argon2';
import autocannon from 'autocannon';
import type { Request } from 'express';
import type pg from 'pg';
import { ARGON2_OPTIONS } from '#src/modules/team/auth/password-hasher.js';
import { SessionsRepository } from '#src/modules/team/auth/sessions.repository.js';
import { TokenService } from '#src/modules/team/auth/token.service.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { AUTHENTICATOR, type Authenticator } from '#src/platform/http/access.guard.js';
import { signInBenchAdmin, startBenchApp, startBenchDatabase } from './bench-support.ts';

const CALLS_PER_ROUTE = Number(process.argv[2] ?? 500);
const PASSWORD = 'bench password that is long enough';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function timeEach(times: number, work: () => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function latency(name: string, url: string, headers: Record<string, string> = {}) {
  // A fixed number of calls per route keeps both under the app-wide per-client rate limit.
  const result = await autocannon({ url, connections: 10, amount: CALLS_PER_ROUTE, headers });
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  await argon2.hash('warm-up', ARGON2_OPTIONS);
  const hashes = await timeEach(20, () => argon2.hash(PASSWORD, ARGON2_OPTIONS));
  const stored = await argon2.hash(PASSWORD, ARGON2_OPTIONS);
  const verifies = await timeEach(20, () => argon2.verify(stored, PASSWORD));
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  console.log(
    `argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}: hash median ` +
      `${median(hashes).toFixed(1)} ms (p95 ${percentile(hashes, 0.95).toFixed(1)}), verify median ` +
      `${median(verifies).toFixed(1)} ms; budget 25–100 ms`,
  );

  const database = await startBenchDatabase();
  try {
    const { app, base } = await startBenchApp(
      database.url,
      { ADMIN_PASSWORD: PASSWORD },
      { runProjections: false },
    );
    const token = await signInBenchAdmin(app, base, PASSWORD);

    const authenticator = app.get<Authenticator>(AUTHENTICATOR);
    const tokens = app.get(TokenService);
    const fakeRequest = {
      method: 'GET',
      path: '/api/auth/verify',
      headers: { authorization: `Bearer ${token}` },
    } as unknown as Request;
    // Warm up the JIT and every pooled connection first; then measure the parts and the whole.
    await timeEach(2000, () => authenticator.authenticate(fakeRequest));
    const jwtOnly = await timeEach(20000, () => tokens.read(token));
    // The floor under any server-side session check: one round trip to PostgreSQL.
    const pool = app.get<pg.Pool>(PG_POOL);
    const roundTrip = await timeEach(2000, () => pool.query('select 1'));
    const sessions = app.get(SessionsRepository);
    const { sub, sid } = tokens.read(token)!;
    const lookup = await timeEach(2000, () => sessions.findLive(sid, sub));
    const authenticate = await timeEach(2000, () => authenticator.authenticate(fakeRequest));
    console.log(
      `authenticate(): median ${(median(authenticate) * 1000).toFixed(0)} µs, p99 ` +
        `${(percentile(authenticate, 0.99) * 1000).toFixed(0)} µs per call (JWT check alone ` +
        `${(median(jwtOnly) * 1000).toFixed(1)} µs once its signature is known, session lookup alone ` +
        `${(median(lookup) * 1000).toFixed(0)} µs, a bare 'select 1' round trip ` +
        `${(median(roundTrip) * 1000).toFixed(0)} µs); budget < 1 ms`,
    );

    const rows = [
      await latency('GET /api/site-config (public, no token)', `${base}/api/site-config`),
      await latency('GET /api/auth/verify (guarded)', `${base}/api/auth/verify`, {
        authorization: `Bearer ${token}`,
      }),
    ];
    console.table(rows);
    await app.close();
    if (median(authenticate) >= 1 || rows.some((row) => row.non2xx > 0)) process.exitCode = 1;
  } finally {
    await database.stop();
  }
}

await main();
