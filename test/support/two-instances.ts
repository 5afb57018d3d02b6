import { mkdtempSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type AppProcess, startAppProcess } from './app-process.js';
import { startTestS3, type TestS3 } from './s3-server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TWO_INSTANCES_ADMIN = {
  email: 'admin@two-instances.example.fi',
  password: 'two instances, one log',
};
export const TWO_INSTANCES_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** The header the proxy adds to each answer: which instance (0 or 1) gave it. */
export const SERVED_BY = 'x-served-by';

/** A load balancer at its simplest: each request to the next instance in turn. */
async function roundRobin(targets: string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server: Server = createServer((incoming, answer) => {
    const chosen = next++ % targets.length;
    const target = new URL(incoming.url ?? '/', targets[chosen]);
    const sent = forward(
      target,
      { method: incoming.method, headers: incoming.headers },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, { ...reply.headers, [SERVED_BY]: chosen });
        reply.pipe(answer);
      },
    );
    sent.on('error', () => answer.writeHead(502).end());
    incoming.pipe(sent);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * Two app processes on one database and one bucket, each with its own DATA_DIR as on two
 * machines (nothing may pass between them on disk), behind a round-robin proxy.
 */
export interface TwoInstances {
  db: TestDatabase;
  s3: TestS3;
  instances: AppProcess[];
  proxy: { url: string; close(): Promise<void> };
  /** What every instance was started with (a command line run beside them needs it too). */
  env: Record<string, string>;
  /** The admin's Authorization header, signed in on the first instance. */
  signIn(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startTwoInstances(overrides: Record<string, string> = {}) {
  const db = await createTestDatabase();
  const s3 = await startTestS3();
  const env = {
    ...s3.env,
    DATABASE_URL: db.url,
    APP_SECRET: TWO_INSTANCES_SECRET,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PATTERN_WARMUP: 'off',
    ADMIN_EMAIL: TWO_INSTANCES_ADMIN.email,
    ADMIN_PASSWORD: TWO_INSTANCES_ADMIN.password,
    ...overrides,
  };
  const dataDir = () => mkdtempSync(join(tmpdir(), 'kk-two-instances-'));
  const instances = await Promise.all([
    startAppProcess({ ...env, DATA_DIR: dataDir() }),
    startAppProcess({ ...env, DATA_DIR: dataDir() }),
  ]);
  const proxy = await roundRobin(instances.map((instance) => instance.baseUrl));
  const setup: TwoInstances = {
    db,
    s3,
    instances,
    proxy,
    env,
    async signIn() {
      const login = await request(instances[0].baseUrl)
        .post('/api/auth/login')
        .send(TWO_INSTANCES_ADMIN);
      if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
      return { Authorization: `Bearer ${login.body.token as string}` };
    },
    async close() {
      await proxy.close();
      await Promise.all(instances.map((instance) => instance.stop()));
      await s3.close();
      await db.drop();
    },
  };
  return setup;
}
