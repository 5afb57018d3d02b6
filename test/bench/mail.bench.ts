/**
 * E-mail: outbox throughput and the unread-count badge call.
 *
 * 1. Outbox: N staff messages are queued through the real command (events, outbox rows) while the
 *    delivery worker sends them to an SMTP server on loopback; measured from the first queueing
 *    to the last delivery recorded. Every message must arrive exactly once (Message-IDs counted).
 *    Floor, in the same run: the same pooled nodemailer transport sending N messages straight to
 *    the same server, with no database at all.
 * 2. Unread counts: `GET /api/emails/unread-counts` with L leads and M received messages, sequential
 *    requests, p50/p95. The call reads only the per-lead counters, so the counters are filled in
 *    bulk (M messages spread over the L leads; a tenth of the leads with something unread, some
 *    of those in the Recycle Bin). The client runs in its own thread, as a browser is its own
 *    process (inside the server's thread its decompression, parsing and garbage collection
 *    stalled the server it measured); it takes gzip, as `fetch` does. Measured: the full answer
 *    to a client that keeps none (no ETag), until received and until parsed; a polling client
 *    that sends back its ETag, with the counts unchanged (304) and with a change before every
 *    call; the server's own share of a full answer (request in to last byte written) and the CPU
 *    the server's and the client's threads spend per call, which the machine's load does not
 *    stretch; what a call costs with nothing unread (HTTP, sign-in check, guards, access log) and the query
 *    that builds the answer.
 *
 *   npm run bench -- mail [--messages 2000] [--leads 100000] [--received 500000] [--requests 300]
 *                         [--part outbox|unread]
 *
 * Targets: ≥ 200 messages/s queued-to-delivered with none lost or doubled; unread counts p95 < 30 ms
 * for the full answer until received (docs/decisions/0031-unread-counts-revalidated.md).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { CommandBus } from '@nestjs/cqrs';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { SendEmailCommand } from '#src/modules/mail/commands/send-email/send-email.command.js';
import { UNREAD_JSON } from '#src/modules/mail/queries/unread-counts.reader.js';
import { freePort, signInBenchAdmin, startBenchApp, startBenchDatabase } from './bench-support.ts';
import { startGetClient, type TimedGet } from './timed-get.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '2000' },
    leads: { type: 'string', default: '100000' },
    received: { type: 'string', default: '500000' },
    requests: { type: 'string', default: '300' },
    part: { type: 'string' },
  },
});
const MESSAGES = Number(args.messages);
const LEADS = Number(args.leads);
const RECEIVED = Number(args.received);
const REQUESTS = Number(args.requests);
const LEADS_WRITTEN_TO = 50;
/** Share of leads whose customer wrote since the conversation was last opened. */
const UNREAD_SHARE = 0.1;
/** Share of those leads in the Recycle Bin: counted, but not answered. */
const BINNED_SHARE = 0.05;

/** An SMTP server that only counts: parsing would compete for the same two cores. */
async function countingSmtpServer() {
  const port = await freePort();
  const messageIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 50,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        messageIds.push(/^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '?');
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messageIds,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 5));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function floorThroughput(url: string, messageIds: string[]): Promise<number> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5 });
  const before = messageIds.length;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MESSAGES }, (_, i) =>
      transport.sendMail({
        from: 'info@keittiokalvo.fi',
        to: `asiakas${i}@example.fi`,
        subject: 'Floor',
        text: 'Hei!',
        html: '<p>Hei!</p>',
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  if (messageIds.length - before !== MESSAGES) throw new Error('floor lost messages');
  return MESSAGES / seconds;
}

async function outboxThroughput(databaseUrl: string) {
  const smtp = await countingSmtpServer();
  const { app } = await startBenchApp(databaseUrl, { SMTP_URL: smtp.url });
  try {
    const bus = app.get(CommandBus);
    const leadIds: string[] = [];
    for (let i = 0; i < LEADS_WRITTEN_TO; i++) {
      const { leadId } = await bus.execute(
        new CreateLeadCommand({
          source: 'manual',
          customer: {
            firstName: 'Aino',
            lastName: `Asiakas ${i}`,
            email: `asiakas${i}@example.fi`,
            phone: '',
            address: '',
            city: '',
            country: 'FI',
          },
          doorStyle: 'Uritettu',
          doors: 8,
          drawers: 2,
          metres: 2,
          totalPrice: 1500,
        }),
      );
      leadIds.push(leadId);
    }
    const pool = app.get<pg.Pool>(PG_POOL);
    const pending = async () =>
      (await pool.query<{ n: number }>('select count(*)::int as n from mail_outbox')).rows[0].n;

    const started = performance.now();
    const queued: string[] = [];
    let next = 0;
    // Sixteen staff writing at once, each message to one of the leads.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < MESSAGES) {
          const i = next++;
          const { messageId } = await bus.execute(
            new SendEmailCommand(leadIds[i % leadIds.length], `Viesti ${i}`, `Aihe ${i}`),
          );
          queued.push(messageId);
        }
      }),
    );
    const queuedAfter = (performance.now() - started) / 1000;
    const sentWhenQueued = smtp.messageIds.length;
    await waitUntil(async () => smtp.messageIds.length >= MESSAGES && (await pending()) === 0);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((done) => setTimeout(done, 1_000));
    const arrived = smtp.messageIds.map((id) => id.slice(1, 37));
    const unique = new Set(arrived);
    const lost = queued.filter((id) => !unique.has(id)).length;
    const doubled = arrived.length - unique.size;
    const rate = MESSAGES / seconds;
    const floor = await floorThroughput(smtp.url, smtp.messageIds);
    console.log(
      `outbox: ${MESSAGES} messages queued-to-delivered in ${seconds.toFixed(2)} s = ` +
        `${rate.toFixed(0)} msg/s (all queued after ${queuedAfter.toFixed(2)} s, ` +
        `${sentWhenQueued} sent by then); lost ${lost}, doubled ${doubled}; target ≥ 200 msg/s` +
        (rate < 200 || lost > 0 || doubled > 0 ? ' — BELOW TARGET' : ''),
    );
    console.log(
      `outbox floor (nodemailer straight to the server, no database): ${floor.toFixed(0)} msg/s; ` +
        `outbox = ${((rate / floor) * 100).toFixed(0)} % of it`,
    );
    return rate >= 200 && lost === 0 && doubled === 0;
  } finally {
    await app.close();
    await smtp.stop();
  }
}

/** p50/p95 of `rounds` sequential calls after `warmUp` untimed ones; `before` runs untimed. */
async function timeCalls(
  rounds: number,
  call: () => Promise<unknown>,
  before: () => Promise<unknown> = async () => undefined,
) {
  const times: number[] = [];
  for (let i = 0; i < rounds + 20; i++) {
    await before();
    const started = performance.now();
    await call();
    if (i >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const ms = ({ p50, p95 }: { p50: number; p95: number }) =>
  `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;

type Stats = { p50: number; p95: number };

const statsOf = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};

/** How long the server takes per request: from its arrival to the last byte handed to the socket. */
function recordServerTimes(server: Server): number[] {
  const times: number[] = [];
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    response.once('finish', () => times.push(performance.now() - started));
  });
  return times;
}

/**
 * `rounds` GETs through the client after 20 untimed ones; `before` runs untimed before each.
 * Every timed call must answer `status`. `serverTimes` is what `recordServerTimes` records.
 */
async function timeGets(
  rounds: number,
  status: number,
  get: () => Promise<TimedGet>,
  serverTimes: number[],
  before: () => Promise<unknown> = async () => undefined,
) {
  const received: number[] = [];
  const parsed: number[] = [];
  const server: number[] = [];
  let serverCpu = 0;
  let clientCpu = 0;
  let entries = 0;
  for (let i = 0; i < rounds + 20; i++) {
    await before();
    serverTimes.length = 0;
    const cpuBefore = process.threadCpuUsage();
    const answer = await get();
    const cpu = process.threadCpuUsage(cpuBefore);
    if (i < 20) continue;
    if (answer.status !== status) throw new Error(`HTTP ${answer.status}, expected ${status}`);
    received.push(answer.received);
    parsed.push(answer.parsed);
    server.push(...serverTimes);
    serverCpu += (cpu.user + cpu.system) / 1000;
    clientCpu += answer.clientCpu;
    entries = answer.entries;
  }
  return {
    received: statsOf(received),
    parsed: statsOf(parsed),
    server: statsOf(server),
    /** Mean CPU per call of the server's thread (PostgreSQL's not included) and the client's. */
    serverCpu: serverCpu / rounds,
    clientCpu: clientCpu / rounds,
    entries,
  };
}

async function unreadCounts(databaseUrl: string) {
  const { app, base } = await startBenchApp(databaseUrl);
  const client = startGetClient();
  const serverTimes = recordServerTimes(app.getHttpServer());
  try {
    const pool = app.get<pg.Pool>(PG_POOL);
    const url = `${base}/api/emails/unread-counts`;
    const signedIn = { Authorization: `Bearer ${await signInBenchAdmin(app, base)}` };
    // A client that keeps no answer: every call is answered in full.
    const fullAnswer = () => client.get(url, signedIn);
    // A browser that keeps the answer and sends back its tag.
    let etag = '';
    const polling = async () => {
      const answer = await client.get(url, { ...signedIn, 'If-None-Match': etag });
      etag = answer.etag ?? '';
      return answer;
    };
    // What every call pays whatever the counts: HTTP, sign-in check, guards, access log.
    const fixed = await timeGets(REQUESTS, 200, fullAnswer, serverTimes);

    const perLead = Math.max(1, Math.round(RECEIVED / LEADS));
    const withUnread = Math.round(LEADS * UNREAD_SHARE);
    const binned = Math.round(withUnread * BINNED_SHARE);
    // Every lead got `perLead` messages; one in ten has some of them unread (1 to perLead), and
    // the counters keep only those, plus the Recycle Bin's share of them, hidden.
    await pool.query(
      `insert into mail_unread_counts (lead_id, unread, on_board)
       select gen_random_uuid(), 1 + (g % $2), g > $3
       from generate_series(1, $1) as g`,
      [withUnread + binned, perLead, binned],
    );
    await pool.query('update mail_unread_generation set generation = generation + 1');
    await pool.query('analyze');
    const full = await timeGets(REQUESTS, 200, fullAnswer, serverTimes);
    if (full.entries !== withUnread) throw new Error(`${full.entries} leads answered`);
    // Boards poll: most calls find the counts as the previous call left them.
    const unchanged = await timeGets(REQUESTS, 304, polling, serverTimes);
    // The worst case for a polling board: a customer's message (or a read) between every two calls.
    const changing = await timeGets(Math.ceil(REQUESTS / 4), 200, polling, serverTimes, () =>
      pool.query(`with one as (select lead_id from mail_unread_counts where on_board limit 1)
                    update mail_unread_counts c set unread = unread % 9 + 1 from one
                    where c.lead_id = one.lead_id;
                    update mail_unread_generation set generation = generation + 1`),
    );
    const query = await timeCalls(REQUESTS, () => pool.query(UNREAD_JSON));
    console.log(
      `unread counts: ${LEADS} leads, ${LEADS * perLead} received messages, ${full.entries} leads unread, ` +
        `${REQUESTS} requests from a client in its own thread (load average ${loadavg()[0].toFixed(1)} ` +
        `on ${availableParallelism()} cores). Full answer (no ETag): ` +
        `${ms(full.received)} until received, ${ms(full.parsed)} until parsed; target p95 < 30 ms ` +
        `until received` +
        (full.received.p95 >= 30 ? ' — ABOVE TARGET' : ''),
    );
    console.log(
      `unread counts polled with If-None-Match, unchanged (304): ${ms(unchanged.received)}; ` +
        `changed before every call (200): ${ms(changing.received)} until received, ` +
        `${ms(changing.parsed)} until parsed`,
    );
    console.log(
      `unread counts: the server's share of a full answer: ${ms(full.server)}, ` +
        `CPU per call ${full.serverCpu.toFixed(1)} ms (client's ${full.clientCpu.toFixed(1)} ms); ` +
        `building the answer (the query alone): ${ms(query)}; ` +
        `a call with nothing unread (HTTP, sign-in check, guards, log): ${ms(fixed.received)}`,
    );
    return full.received.p95 < 30;
  } finally {
    await client.close();
    await app.close();
  }
}

const database = await startBenchDatabase();
try {
  const outboxOk = args.part === 'unread' || (await outboxThroughput(database.url));
  const unreadOk = args.part === 'outbox' || (await unreadCounts(database.url));
  process.exitCode = outboxOk && unreadOk ? 0 : 1;
} finally {
  await database.stop();
}
