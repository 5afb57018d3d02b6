import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { answerChecker, callsOf, type Document } from '../support/openapi-document.js';
import { validQuote } from '../support/public-intake.js';
import { bearer } from '../support/staff.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { useTestApp } from '../support/app-fixture.js';

/**
 * A TCP relay in front of the test database that can be pulled like a cable: pulled, it drops
 * every connection and hangs up on new ones at once, as a stopped or restarting PostgreSQL (or
 * the proxy in front of it) does. It keeps its port, so the app finds the database again.
 */
class DatabaseCable {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private pulled = false;
  port = 0;

  constructor(private readonly target: string) {}

  async plugIn(): Promise<void> {
    this.pulled = false;
    if (this.server) return;
    const { host, port, path } = targetOf(this.target);
    this.server = createServer((client) => {
      if (this.pulled) {
        client.destroy();
        return;
      }
      const upstream = path ? createConnection(path) : createConnection(port, host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  pull(): void {
    this.pulled = true;
    for (const socket of this.sockets) socket.destroy();
  }

  async remove(): Promise<void> {
    this.pull();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The database's URL, through the cable. */
  url(): string {
    const url = new URL(this.target);
    url.searchParams.delete('host');
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }
}

/** Where a PostgreSQL URL leads: a Unix socket (`?host=<dir>`) or host and port. */
function targetOf(url: string): { host: string; port: number; path?: string } {
  const parsed = new URL(url);
  const port = Number(parsed.port || 5432);
  const socketDir = parsed.searchParams.get('host');
  return socketDir?.startsWith('/')
    ? { host: '', port, path: `${socketDir}/.s.PGSQL.${port}` }
    : { host: parsed.hostname, port };
}

describe('With the database down', () => {
  let database: TestDatabase;
  let cable: DatabaseCable;
  let document: Document;

  beforeAll(async () => {
    database = await createTestDatabase();
    cable = new DatabaseCable(database.url);
    await cable.plugIn();
  });
  // Hooks after all run in the order declared: the cable is plugged in again before the app closes.
  afterAll(async () => {
    await cable.plugIn();
  });
  const testApp = useTestApp({
    env: { DATABASE_CONNECT_TIMEOUT_MS: '2000' },
    database: () => ({ ...database, url: cable.url() }),
  });
  const admin = testApp.signedIn('admin');
  beforeAll(async () => {
    document = (await testApp.api.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await cable.remove();
    await database.drop();
  });

  it('should answer 503 with Retry-After as documented, and recover when it is back', async () => {
    const mismatch = answerChecker(document);
    const call = (method: string, path: string) =>
      callsOf(document).find((c) => c.method === method && c.path === path)!;
    await request(testApp.baseUrl).get('/api/admin/quotes').set(bearer(admin.token)).expect(200);

    cable.pull();
    const list = await request(testApp.baseUrl).get('/api/admin/quotes').set(bearer(admin.token));
    expect(list.status).toBe(503);
    expect(Number(list.headers['retry-after'])).toBeGreaterThan(0);
    expect(mismatch(call('get', '/api/admin/quotes'), list)).toBeNull();
    const quote = await request(testApp.baseUrl).post('/api/quote').send(validQuote());
    expect(quote.status).toBe(503);
    expect(mismatch(call('post', '/api/quote'), quote)).toBeNull();
    // The site's visitors read it: Finnish on the public routes, English on staff's.
    expect((quote.body as { message: string }).message).toMatch(/^Palvelu(ssa)? /);
    expect((list.body as { message: string }).message).toMatch(/^The /);
    expect((await request(testApp.baseUrl).get('/api/health')).status).toBe(503);

    await cable.plugIn();
    let health = 0;
    for (let attempt = 0; attempt < 50 && health !== 200; attempt++) {
      health = (await request(testApp.baseUrl).get('/api/health')).status;
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health).toBe(200);
    await request(testApp.baseUrl).post('/api/quote').send(validQuote()).expect(201);
  });
});
