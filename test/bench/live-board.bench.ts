/**
 * The live board's delay: from a quote's append to the moment each open board hears of it on the
 * live stream (`GET /api/admin/live`, told once the board's read model has the lead), with 20
 * boards open and public quotes arriving at 50/s. The delay of one message is its arrival's
 * wall-clock time less the event's `occurred_at` (taken when its append batch was written), so it
 * includes the append's own commit. Beside it the quote's round trip in the same run: what the
 * server's load is doing to everything else. The boards are EventSource clients in this process,
 * so their parsing shares the app's cores, as the worst case of one machine.
 *
 *   npm run bench -- live-board
 *   npm run build:server && node test/bench/live-board.bench.ts [--seconds=10] [--boards=20] [--rate=50]
 *
 * Target: p95 <= 500 ms, every update heard; exits 1 otherwise.
 */
import { parseArgs } from 'node:util';
import { EventSource } from 'eventsource';
import pg from 'pg';
import { LIVE_EVENTS, LIVE_SESSION_PATH, LIVE_STREAM_PATH } from '#src/contract/live.js';
import { signInBenchAdmin, startBenchApp, startBenchDatabase } from './bench-support.ts';
import { endQuoteLoad, percentile, quotesAtRate } from './quote-load.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    boards: { type: 'string', default: '20' },
    rate: { type: 'string', default: '50' },
  },
});
const SECONDS = Number(values.seconds);
const BOARDS = Number(values.boards);
const RATE = Number(values.rate);
const TARGET_P95_MS = 500;
const DRAIN_MS = 5000;

interface Arrival {
  position: number;
  /** Wall-clock ms when the board heard of it. */
  at: number;
}

/** One open board: the live stream with the cookie the admin app gets, its `change` arrivals. */
async function openBoard(base: string, cookie: string, arrivals: Arrival[]): Promise<EventSource> {
  const source = new EventSource(`${base}${LIVE_STREAM_PATH}`, {
    fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, Cookie: cookie } }),
  });
  source.addEventListener(LIVE_EVENTS.change, (message: MessageEvent<string>) => {
    const change = JSON.parse(message.data) as { type: string; position: number };
    if (change.type === 'LeadCreated') arrivals.push({ position: change.position, at: Date.now() });
  });
  await new Promise<void>((ready, fail) => {
    source.addEventListener(LIVE_EVENTS.ready, () => ready(), { once: true });
    source.addEventListener('error', (error) => fail(new Error(`live stream: ${error.message}`)), {
      once: true,
    });
  });
  return source;
}

async function liveCookie(base: string, token: string): Promise<string> {
  const response = await fetch(`${base}${LIVE_SESSION_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 204) throw new Error(`live session: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** When each lead's creation was appended, by log position. */
async function appendTimes(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ position: string; at: Date }>(
      `select global_position as position, occurred_at as at from events where type = 'LeadCreated'`,
    );
    return new Map(rows.map((row) => [Number(row.position), row.at.getTime()]));
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const database = await startBenchDatabase();
  const { app, base } = await startBenchApp(database.url, {
    RATE_LIMIT_PER_MINUTE: '1000000',
    TRUST_PROXY_HOPS: '1',
  });
  const boards: EventSource[] = [];
  try {
    const cookie = await liveCookie(base, await signInBenchAdmin(app, base));
    const arrivals: Arrival[] = [];
    for (let n = 0; n < BOARDS; n++) boards.push(await openBoard(base, cookie, arrivals));
    await quotesAtRate(base, RATE, 1); // warm-up
    arrivals.length = 0;
    const warmUp = [...(await appendTimes(database.url)).keys()];
    const lastOfWarmUp = Math.max(...warmUp);
    const roundTrips = (await quotesAtRate(base, RATE, SECONDS)).sort((a, b) => a - b);
    const expected = warmUp.length + roundTrips.length;
    const deadline = Date.now() + DRAIN_MS;
    while (arrivals.length < roundTrips.length * BOARDS && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 50));
    }
    const appended = await appendTimes(database.url);
    if (appended.size !== expected) throw new Error(`${appended.size} leads, expected ${expected}`);
    const delays = arrivals
      .filter((arrival) => arrival.position > lastOfWarmUp && appended.has(arrival.position))
      .map((arrival) => arrival.at - appended.get(arrival.position)!)
      .sort((a, b) => a - b);
    const missed = roundTrips.length * BOARDS - delays.length;
    const p95 = percentile(delays, 95);
    console.log(
      `${roundTrips.length} quotes at ${RATE}/s, ${BOARDS} boards: ${delays.length} updates heard` +
        (missed > 0 ? `, ${missed} not heard within ${DRAIN_MS} ms` : ''),
    );
    console.log(
      `append -> board: p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
        `max ${delays.at(-1)!.toFixed(0)} ms`,
    );
    console.log(
      `quote round trip meanwhile: p50 ${percentile(roundTrips, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(roundTrips, 95).toFixed(0)} ms`,
    );
    const verdict = missed === 0 && p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL';
    console.log(
      `live board delay p95 ${p95.toFixed(0)} ms (target <= ${TARGET_P95_MS} ms, every update heard) ${verdict}`,
    );
    if (verdict === 'FAIL') process.exitCode = 1;
  } finally {
    for (const board of boards) board.close();
    endQuoteLoad();
    await app.close();
    await database.stop();
  }
}

await main();
