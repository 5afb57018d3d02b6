/**
 * Throughput of POST /api/quote against the framework's floor: a Nest app with the app's
 * validation pipe and quote DTO whose handler inserts one row and does nothing else. A bare Node
 * http server with pg that validates the same body and inserts the same row shows what the
 * framework itself costs. All run in this process against the same embedded PostgreSQL, with
 * autocannon at 50 connections.
 *
 * After an uncounted warm-up turn each, the three take turns in short rounds (bare, floor, app,
 * bare, floor, app, ...) and the verdict is the median of the rounds: on a shared machine the
 * speed of the host drifts within a minute, and a floor measured a minute before the app measured
 * that drift, not the app. Between rounds the app finishes its after-commit work, so none of it
 * runs in the floors' turns.
 *
 *   npm run bench -- quote
 *   npm run build:server && node test/bench/quote.bench.ts [seconds per server] [options]
 *
 * Options:
 *   --rounds=<n>                 turns each server gets (default 5), splitting its seconds
 *   --profile=<file.cpuprofile>  writes a CPU profile of the server's thread while the app is
 *                                under load (open it in Chrome's DevTools or speedscope), and
 *                                one of the framework floor's to <file>.floor.cpuprofile: what
 *                                the app adds is their difference per request; profiles
 *                                run one round (the servers share this thread)
 *   --request-path               the app without its after-commit work (async projections and
 *                                the intake e-mails stay behind), to tell the two costs apart
 *   --no-realtime                under the normal scheduler: by default the bench runs again at
 *                                a real-time priority where the system allows it, so other work
 *                                on the machine does not set the verdict (decision 0063)
 *
 * Each row also shows the CPU time per request of this process (server and load generator), of
 * the server's thread alone, and of the database server (Linux): a round trip saved shows in all.
 *
 * Targets: the app reaches at least 50 % of the framework floor's requests per second, with a
 * p99 latency of at most 60 ms; exits 1 below them.
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  databaseCpuMs,
  runAtRealtimePriority,
  startBenchApp,
  startBenchDatabase,
} from './bench-support.ts';
import { QUOTE_BODY } from './quote-load.ts';

const args = process.argv.slice(2);
const SCHEDULING = await runAtRealtimePriority(fileURLToPath(import.meta.url), args);
const SECONDS = Number(args.find((arg) => !arg.startsWith('-')) ?? 15);
const PROFILE = args.find((arg) => arg.startsWith('--profile='))?.slice('--profile='.length);
const ROUNDS = PROFILE
  ? 1
  : Number(args.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 5);
const REQUEST_PATH_ONLY = args.includes('--request-path');
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
const TARGET_SHARE_OF_FRAMEWORK = 0.5;
const TARGET_P99_MS = 60;
const STYLES = ['Kehysovi', 'Uritettu', 'Tasapintainen', 'Vetimetön'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const body = QUOTE_BODY;

interface Result {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  /** CPU time of this process (server and load generator) per request. */
  cpuMsPerRequest: number;
  /** CPU time of the server's thread alone per request: the steadiest column on a busy machine. */
  serverCpuMs: number;
  /** CPU time of the database server per request (Linux only). */
  dbCpuMsPerRequest: number | null;
  non2xx: number;
  errors: number;
}

async function load(
  name: string,
  url: string,
  databaseUrl: string,
  seconds: number,
): Promise<Result> {
  const dbCpuBefore = await databaseCpuMs(databaseUrl);
  const cpuBefore = process.cpuUsage();
  const threadCpuBefore = process.threadCpuUsage();
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    // The load generator runs in its own thread, not on the server's event loop.
    workers: 1,
    headers: { 'content-type': 'application/json' },
    body,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const threadCpu = process.threadCpuUsage(threadCpuBefore);
  const dbCpuAfter = await databaseCpuMs(databaseUrl);
  const dbCpu = dbCpuBefore === null || dbCpuAfter === null ? null : dbCpuAfter - dbCpuBefore;
  return {
    name,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: Number(((cpu.user + cpu.system) / 1000 / result.requests.total).toFixed(2)),
    serverCpuMs: Number(
      ((threadCpu.user + threadCpu.system) / 1000 / result.requests.total).toFixed(3),
    ),
    dbCpuMsPerRequest: dbCpu === null ? null : Number((dbCpu / result.requests.total).toFixed(2)),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The floor: parse, validate the same rules by hand, insert one row, answer. */
function startBaseline(pool: pg.Pool): Promise<Server> {
  const server = createServer((request, response) => {
    void handleBaseline(request, pool).then(
      ([status, answer]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function handleBaseline(request: IncomingMessage, pool: pg.Pool): Promise<[number, object]> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  let quote: Record<string, unknown>;
  try {
    quote = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return [400, { message: 'Malformed JSON' }];
  }
  const customer = (quote.customer ?? {}) as Record<string, unknown>;
  const counts = [quote.doors, quote.drawers, quote.metres];
  const valid =
    STYLES.includes(quote.doorStyle as string) &&
    counts.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 999) &&
    counts.some((n) => (n as number) > 0) &&
    ['firstName', 'lastName', 'address', 'city', 'phone'].every(
      (field) => typeof customer[field] === 'string' && (customer[field] as string).trim(),
    ) &&
    EMAIL.test(String(customer.email));
  if (!valid) return [400, { message: 'Invalid quote' }];
  const { rows } = await pool.query<{ id: string }>(
    'insert into bench_quotes (body) values ($1) returning id',
    [JSON.stringify(quote)],
  );
  return [201, { leadId: rows[0].id }];
}

/**
 * The framework's own floor: Nest on Express with the app's ValidationPipe and SubmitQuoteDto,
 * and a handler that inserts one row. Declared without decorator syntax, which Node's type
 * stripping does not run.
 */
async function startNestFloor(pool: pg.Pool): Promise<{ url: string; close(): Promise<void> }> {
  const { Body, Controller, Module, Post } = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');
  const { SubmitQuoteDto } = await import('#src/modules/quotes/http/dto/submit-quote.dto.js');
  const { validationPipe } = await import('#src/platform/http/configure-app.js');

  class FloorController {
    async submit(quote: object): Promise<object> {
      const { rows } = await pool.query<{ id: string }>(
        'insert into bench_quotes (body) values ($1) returning id',
        [JSON.stringify(quote)],
      );
      return { leadId: rows[0].id };
    }
  }
  const proto = FloorController.prototype;
  Reflect.defineMetadata('design:paramtypes', [SubmitQuoteDto], proto, 'submit');
  Body()(proto, 'submit', 0);
  Post()(proto, 'submit', Object.getOwnPropertyDescriptor(proto, 'submit')!);
  Controller('api/quote')(FloorController);
  class FloorModule {}
  Module({ controllers: [FloorController] })(FloorModule);

  const app = await NestFactory.create(FloorModule, { logger: false });
  app.useGlobalPipes(validationPipe());
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/quote`, close: () => app.close() };
}

/** Profiles this thread (the server's; the load generator has its own) until `stopInto`. */
async function startProfiler(): Promise<{ stopInto(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stopInto(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      await writeFile(file, JSON.stringify(profile));
      console.log(`CPU profile of the app under load written to ${file}`);
    },
  };
}

/** Leaves the intake e-mails pending, as the request path alone would. */
async function stopIntakeMail(app: { get<T>(type: abstract new (...args: never[]) => T): T }) {
  const { IntakeMailWorker } = await import('#src/modules/mail/intake/intake-mail.worker.js');
  await app.get(IntakeMailWorker).onApplicationShutdown();
}

interface Contender {
  name: string;
  url: string;
  /** Waits for whatever the server still does after answering (the app's after-commit work). */
  settle?(): Promise<void>;
  profile?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Per server, the median of each column over the rounds; errors are summed. */
function summarise(rounds: Result[]): Result {
  const of = (pick: (result: Result) => number) => median(rounds.map(pick));
  const dbCpu = rounds.map((result) => result.dbCpuMsPerRequest);
  return {
    name: rounds[0].name,
    requests: of((result) => result.requests),
    p50: of((result) => result.p50),
    p99: of((result) => result.p99),
    cpuMsPerRequest: of((result) => result.cpuMsPerRequest),
    serverCpuMs: of((result) => result.serverCpuMs),
    dbCpuMsPerRequest: dbCpu.includes(null) ? null : median(dbCpu as number[]),
    non2xx: rounds.reduce((sum, result) => sum + result.non2xx, 0),
    errors: rounds.reduce((sum, result) => sum + result.errors, 0),
  };
}

/** Every contender in turn, `ROUNDS` times; answers each one's results per round. */
async function takeTurns(contenders: Contender[], databaseUrl: string): Promise<Result[][]> {
  const results: Result[][] = contenders.map(() => []);
  // An uncounted turn each first: the first seconds of a server measure its JIT warming up.
  for (const contender of contenders) {
    await load(contender.name, contender.url, databaseUrl, WARM_UP_SECONDS);
    await contender.settle?.();
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, contender] of contenders.entries()) {
      const profiler = contender.profile ? await startProfiler() : null;
      results[index].push(await load(contender.name, contender.url, databaseUrl, SECONDS / ROUNDS));
      if (profiler) await profiler.stopInto(contender.profile!);
      await contender.settle?.();
    }
  }
  return results;
}

async function main(): Promise<void> {
  const database = await startBenchDatabase();
  try {
    const databaseUrl = database.url;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // Ended clients close their sockets after end() resolves; the database stop may beat them.
    pool.on('error', () => undefined);
    await pool.query('create table bench_quotes (id bigserial primary key, body jsonb not null)');

    const baseline = await startBaseline(pool);
    const baselinePort = (baseline.address() as AddressInfo).port;
    const nestFloor = await startNestFloor(pool);
    const { app, base } = await startBenchApp(
      databaseUrl,
      { RATE_LIMIT_PER_MINUTE: '1000000' },
      { runProjections: !REQUEST_PATH_ONLY },
    );
    if (REQUEST_PATH_ONLY) await stopIntakeMail(app);
    const { ProjectionManager } = await import('#src/platform/projections/projection-manager.js');
    const { IntakeMailWorker } = await import('#src/modules/mail/intake/intake-mail.worker.js');

    const rounds = await takeTurns(
      [
        { name: 'node http + pg', url: `http://127.0.0.1:${baselinePort}/` },
        {
          name: 'Nest + ValidationPipe + pg',
          url: nestFloor.url,
          profile: PROFILE && `${PROFILE}.floor.cpuprofile`,
        },
        {
          name: REQUEST_PATH_ONLY ? 'POST /api/quote (request path)' : 'POST /api/quote',
          url: `${base}/api/quote`,
          profile: PROFILE,
          settle: REQUEST_PATH_ONLY
            ? undefined
            : async () => {
                await app.get(IntakeMailWorker).drain();
                await app.get(ProjectionManager).catchUp();
              },
        },
      ],
      databaseUrl,
    );
    baseline.close();
    await nestFloor.close();
    await app.close();
    await pool.end();

    const [floor, framework, quote] = rounds.map(summarise);
    const shares = rounds[2].map((result, round) => result.requests / rounds[1][round].requests);
    console.table([floor, framework, quote]);
    console.log(
      `Share of the framework floor per round: ${shares.map((share) => `${(share * 100).toFixed(0)} %`).join(', ')}`,
    );
    const share = median(shares);
    const misses = [
      ...(share < TARGET_SHARE_OF_FRAMEWORK
        ? [
            `${(share * 100).toFixed(0)} % of the framework floor < ${TARGET_SHARE_OF_FRAMEWORK * 100} %`,
          ]
        : []),
      ...(quote.p99 > TARGET_P99_MS ? [`p99 ${quote.p99} ms > ${TARGET_P99_MS} ms`] : []),
    ];
    console.log(
      `POST /api/quote: ${quote.requests.toFixed(0)} req/s, p99 ${quote.p99} ms; ` +
        `${(share * 100).toFixed(0)} % of the framework floor (Nest + ValidationPipe inserting ` +
        `one row: ${framework.requests.toFixed(0)} req/s, p99 ${framework.p99} ms); ` +
        `medians of ${ROUNDS} rounds; targets ≥ ${TARGET_SHARE_OF_FRAMEWORK * 100} %, ` +
        `p99 ≤ ${TARGET_P99_MS} ms`,
    );
    console.log(`Scheduling: ${SCHEDULING}`);
    console.log(
      `The framework floor reaches ${((framework.requests / floor.requests) * 100).toFixed(0)} % ` +
        `of the bare node:http handler (${floor.requests.toFixed(0)} req/s)`,
    );
    if (misses.length) {
      console.error(`Below target: ${misses.join('; ')}`);
      process.exitCode = 1;
    }
    if (quote.non2xx > 0 || quote.errors > 0) {
      console.error(`POST /api/quote had ${quote.non2xx} non-2xx answers, ${quote.errors} errors`);
      process.exitCode = 1;
    }
  } finally {
    await database.stop();
  }
}

await main();
