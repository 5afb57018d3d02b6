import { mkdtempSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type AppProcess, startAppProcess } from '../support/app-process.js';
import { validQuote } from '../support/public-intake.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const QUOTES_PER_SECOND = 50;
const LOAD_MS = 5_000;
/** Counted, not timed: on a loaded machine the load lasts longer, never holds fewer quotes. */
const QUOTES = (QUOTES_PER_SECOND * LOAD_MS) / 1000;
const STOP_AFTER_MS = 1_500;
const HEALTH_CHECK_MS = 100;

/**
 * A load balancer as deployments have one: round robin over the instances whose readiness last
 * answered 200, checked every HEALTH_CHECK_MS.
 */
async function healthCheckedBalancer(targets: string[]) {
  const healthy = new Set<string>();
  const check = async () => {
    await Promise.all(
      targets.map(async (target) => {
        const ready = await fetch(`${target}/api/health/ready`).then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (ready) healthy.add(target);
        else healthy.delete(target);
      }),
    );
  };
  await check();
  const timer = setInterval(() => void check(), HEALTH_CHECK_MS);
  let next = 0;
  const server: Server = createServer((incoming, answer) => {
    const live = targets.filter((target) => healthy.has(target));
    if (live.length === 0) return void answer.writeHead(503).end();
    const sent = forward(
      new URL(incoming.url ?? '/', live[next++ % live.length]),
      { method: incoming.method, headers: incoming.headers },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    sent.on('error', (error) => answer.writeHead(502).end(error.message));
    incoming.pipe(sent);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      clearInterval(timer);
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

describe('SIGTERM to one of two instances under quote load', () => {
  let db: TestDatabase;
  let instances: AppProcess[] = [];
  let balancer: Awaited<ReturnType<typeof healthCheckedBalancer>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = {
      DATABASE_URL: db.url,
      APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      NODE_ENV: 'test',
      PATTERN_WARMUP: 'off',
      RATE_LIMIT_PER_MINUTE: '100000',
      // A fifth of it, 2 s, is served with readiness 503 before the listener closes.
      SHUTDOWN_TIMEOUT_MS: '10000',
    };
    const dataDir = () => mkdtempSync(join(tmpdir(), 'kk-drain-'));
    instances = await Promise.all([
      startAppProcess({ ...env, DATA_DIR: dataDir() }),
      startAppProcess({ ...env, DATA_DIR: dataDir() }),
    ]);
    balancer = await healthCheckedBalancer(instances.map((instance) => instance.baseUrl));
  });
  afterAll(async () => {
    await balancer?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await db.drop();
  });

  it('should turn readiness 503 at once, fail no request in flight and lose no accepted quote', async () => {
    const [stopped] = instances;
    const answers: Promise<number>[] = [];
    let stopping: Promise<void> | undefined;
    const readinessAfterStop: number[] = [];
    const started = Date.now();
    for (let n = 0; n < QUOTES; n++) {
      const quote = validQuote();
      quote.customer.email = `kuorma.${n}@example.fi`;
      answers.push(
        request(balancer.url)
          .post('/api/quote')
          .send(quote)
          .then(
            (answer) => answer.status,
            () => 0,
          ),
      );
      if (!stopping && Date.now() - started >= STOP_AFTER_MS) {
        stopping = stopped.stop();
        // Asked directly, not through the balancer: from the signal on it is not ready.
        for (let probe = 0; probe < 5; probe++) {
          await new Promise((done) => setTimeout(done, 20));
          readinessAfterStop.push(
            await fetch(`${stopped.baseUrl}/api/health/ready`).then(
              (answer) => answer.status,
              () => 0,
            ),
          );
        }
      }
      // On a schedule, not a sleep after each send: a slow moment is caught up, the rate kept.
      const due = started + ((n + 1) * 1000) / QUOTES_PER_SECOND;
      await new Promise((done) => setTimeout(done, Math.max(0, due - Date.now())));
    }
    const statuses = await Promise.all(answers);
    await stopping;

    // The first probe may still beat the signal; every one after it is 503.
    expect(readinessAfterStop.slice(1)).toEqual([503, 503, 503, 503]);
    expect(stopping).toBeDefined();
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const { rows } = await db.pool.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'LeadCreated'",
    );
    expect(rows[0].n).toBe(statuses.length);
    expect(stopped.output()).toMatch(/SIGTERM received, shutting down[\s\S]*stopped/);
  });
});
