/**
 * Audit log and past-board speed at scale. Writes N leads with ten events each straight into the
 * event log with one SQL statement (the append path is not what is measured here), builds the
 * audit_log and lead_timeline projections from the log (printing events per second), then over HTTP:
 *   - an audit page filtered by actor, and by a one-day date range: p95 < 50 ms
 *   - the CSV export of the rows of one actor (N events / ACTORS): < 5 s for 100,000 rows, with the
 *     server's memory flat (resident set growth printed)
 *   - the board as of a random past moment: p95 < 500 ms
 * Each is printed beside a baseline measured in the same run: the first page of the live lead list
 * (same HTTP stack, guard and pool) for the pages, and one plain SELECT of the same rows for the CSV.
 *
 *   npm run bench -- audit [--leads 100000] [--requests 200]
 *
 * The default N is smaller than the 100,000-lead target (1,000,000 events) so a run takes a minute.
 * Exits 1 when a target is missed.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { signInBenchAdmin, startBenchApp, startBenchDatabase } from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    leads: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '200' },
  },
});
const LEADS = Number(args.leads);
const REQUESTS = Number(args.requests);
const EVENTS_PER_LEAD = 10;
const ACTORS = 10;
const DAYS = 180;
const ACTOR_IDS = Array.from({ length: ACTORS }, () => randomUUID());
const TARGETS = { pageMs: 50, csvRowsPerSecond: 100_000 / 5, boardMs: 500 };

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const random = (n: number) => Math.floor(Math.random() * n);

/** Ten events per lead: arrival, four moves, three note edits, two detail edits, over 180 days. */
async function writeLog(pool: pg.Pool): Promise<void> {
  await pool.query(
    `with leads as (
       select i, md5('lead' || i)::uuid as id,
              now() - interval '${DAYS} days' + (i % ${DAYS}) * interval '1 day' + (i % 1000) * interval '1 second' as start
       from generate_series(1, $1::int) i
     ), steps as (
       select l.*, s, (array['new','contacted','qualified','proposal','closed'])[1 + (i + s) % 5] as status_to,
              (array['new','contacted','qualified','proposal','closed'])[1 + (i + s - 1) % 5] as status_from
       from leads l, generate_series(0, ${EVENTS_PER_LEAD - 1}) s
     ), ins_streams as (
       insert into streams (stream_id, type, version) select 'lead-' || id, 'lead', ${EVENTS_PER_LEAD} from leads
     )
     insert into events (stream_id, stream_version, event_id, type, data, metadata, occurred_at)
     select 'lead-' || id, s + 1, md5('event' || i || '-' || s)::uuid,
       case when s = 0 then 'LeadCreated' when s <= 4 then 'LeadStatusChanged'
            when s <= 7 then 'LeadNotesChanged' else 'LeadDetailsChanged' end,
       case when s = 0 then jsonb_build_object('leadId', id, 'source', 'quote', 'status', 'new',
              'doorStyle', 'Uritettu', 'doors', 8, 'drawers', 2, 'metres', 2, 'totalPrice', 950 + (i % 400) * 10)
            when s <= 4 then jsonb_build_object('from', case when s = 1 then 'new' else status_from end, 'to', status_to)
            when s <= 7 then '{}'::jsonb
            else jsonb_build_object('changes', jsonb_build_object('doors', jsonb_build_object('from', 8, 'to', 9))) end,
       jsonb_build_object('actorId', ($2::uuid[])[1 + i % ${ACTORS}], 'actorName', 'Member ' || (i % ${ACTORS}),
         'actorRole', 'salesperson', 'correlationId', md5('c' || i)::uuid, 'causationId', null),
       start + s * interval '1 hour'
     from steps order by i, s`,
    [LEADS, ACTOR_IDS],
  );
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function latencies(count: number, url: () => string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const [response, elapsed] = await timed(() =>
      fetch(url(), { headers: { Authorization: `Bearer ${token}` } }),
    );
    if (!response.ok) throw new Error(`${url()} answered ${response.status}`);
    await response.arrayBuffer();
    times.push(elapsed);
  }
  return times;
}

const database = await startBenchDatabase();
const { app, base } = await startBenchApp(database.url, {}, { runProjections: false });
let failed = false;
try {
  const pool = app.get<pg.Pool>(PG_POOL);
  const token = await signInBenchAdmin(app, base);
  const [, writeMs] = await timed(() => writeLog(pool));
  const events = LEADS * EVENTS_PER_LEAD;
  console.log(`wrote ${events} events for ${LEADS} leads in ${(writeMs / 1000).toFixed(1)} s`);
  const manager = app.get(ProjectionManager);
  for (const name of ['audit_log', 'lead_timeline']) {
    const [, buildMs] = await timed(() => manager.rebuild(name));
    console.log(
      `built ${name} from the log in ${(buildMs / 1000).toFixed(1)} s: ${Math.round(events / (buildMs / 1000))} events/s`,
    );
  }
  await pool.query('vacuum (analyze)');

  const actor = () => ACTOR_IDS[random(ACTORS)];
  const day = () => {
    const from = new Date(Date.now() - (1 + random(DAYS - 1)) * 86_400_000);
    return { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() };
  };
  const baseline = p95(
    await latencies(REQUESTS, () => `${base}/api/admin/quotes?page=1&pageSize=25`, token),
  );
  const byActor = p95(
    await latencies(
      REQUESTS,
      () => `${base}/api/admin/activity?actorId=${actor()}&pageSize=25`,
      token,
    ),
  );
  const byDate = p95(
    await latencies(
      REQUESTS,
      () => `${base}/api/admin/activity?${new URLSearchParams({ ...day(), pageSize: '25' })}`,
      token,
    ),
  );
  console.log(`live lead list page (baseline)  p95 ${ms(baseline)}`);
  console.log(
    `audit page by actor             p95 ${ms(byActor)}  (${(byActor / baseline).toFixed(2)}× baseline; target < ${TARGETS.pageMs} ms)`,
  );
  console.log(
    `audit page by one-day range     p95 ${ms(byDate)}  (${(byDate / baseline).toFixed(2)}× baseline; target < ${TARGETS.pageMs} ms)`,
  );
  failed ||= byActor >= TARGETS.pageMs || byDate >= TARGETS.pageMs;

  const csvActor = actor();
  const [plain, plainMs] = await timed(() =>
    pool.query(
      `select position, occurred_at, actor_name, action, target_label, sentence from audit_log
       where actor_id = $1 order by occurred_at desc, position desc`,
      [csvActor],
    ),
  );
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const [lines, csvMs] = await timed(async () => {
    const response = await fetch(`${base}/api/admin/activity/csv?actorId=${csvActor}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    let count = 0;
    for await (const chunk of response.body!) {
      const bytes = Buffer.from(chunk as Uint8Array);
      for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
    }
    return count - 1;
  });
  clearInterval(sampler);
  const rowsPerSecond = lines / (csvMs / 1000);
  console.log(`plain SELECT of the same ${plain.rowCount} rows (baseline) ${ms(plainMs)}`);
  console.log(
    `CSV export of ${lines} rows ${ms(csvMs)} (${Math.round(rowsPerSecond)} rows/s, ${(csvMs / plainMs).toFixed(2)}× baseline; ` +
      `resident set +${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB while streaming; target 100,000 rows < 5 s)`,
  );
  failed ||= lines !== plain.rowCount || rowsPerSecond < TARGETS.csvRowsPerSecond;

  const liveBoard = p95(
    await latencies(Math.min(REQUESTS, 50), () => `${base}/api/admin/quotes/stats`, token),
  );
  const pastBoard = p95(
    await latencies(
      Math.min(REQUESTS, 50),
      () => `${base}/api/admin/pipeline/as-of?at=${day().from}`,
      token,
    ),
  );
  console.log(`live Overview totals (baseline)  p95 ${ms(liveBoard)}`);
  console.log(
    `board as of a past moment       p95 ${ms(pastBoard)}  (target < ${TARGETS.boardMs} ms)`,
  );
  failed ||= pastBoard >= TARGETS.boardMs;
} finally {
  await app.close();
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
