/**
 * CRM read and write speed at scale. Loads N leads with about ten events each through the event
 * store (the real append path with its inline projection), lets the async stats projection catch
 * up, then measures over HTTP:
 *   - GET /api/admin/quotes first page (plain, searched, by status) and the stats: p95 < 30 ms
 *   - status changes through PUT /api/admin/quotes/{id} across different leads: ≥ 1,000/s
 *
 *   npm run build:server && node test/bench/crm.bench.ts [--leads 100000] [--requests 300]
 *
 * The default N is smaller than the 100,000-lead target so a run takes a minute, not ten.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { NewEvent } from '#src/platform/event-store/event-store.types.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { signInBenchAdmin, startBenchApp, startBenchDatabase } from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    leads: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '300' },
    changes: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '32' },
  },
});
const LEADS = Number(args.leads);
const REQUESTS = Number(args.requests);
const CHANGES = Number(args.changes);
const CONCURRENCY = Number(args.concurrency);
const LOAD_CONCURRENCY = 16;
const PIPELINE = ['new', 'contacted', 'qualified', 'proposal', 'closed'];
const FIRST = ['Aino', 'Eino', 'Helmi', 'Väinö', 'Sofia', 'Leevi', 'Aada', 'Onni', 'Ella', 'Eetu'];
const LAST = ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Laine', 'Heikkinen', 'Koskinen'];
const DAY_MS = 86_400_000;

/** Runs PUT status changes with CONCURRENCY requests in flight; returns how many failed. */
const STATUS_CHANGE_WORKER = `
  const { parentPort, workerData } = require('node:worker_threads');
  const { base, token, targets, concurrency, pipeline } = workerData;
  let cursor = 0;
  let failures = 0;
  const worker = async () => {
    while (cursor < targets.length) {
      const lead = targets[cursor++];
      const status = pipeline[(pipeline.indexOf(lead.status) + 1) % pipeline.length];
      const response = await fetch(base + '/api/admin/quotes/' + lead.id, {
        method: 'PUT',
        headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
        body: JSON.stringify({ status, expectedVersion: lead.version }),
      });
      await response.arrayBuffer();
      if (!response.ok) failures++;
    }
  };
  Promise.all(Array.from({ length: concurrency }, worker)).then(() => parentPort.postMessage(failures));
`;

function changeStatuses(
  base: string,
  token: string,
  targets: { id: string; version: number; status: string }[],
): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(STATUS_CHANGE_WORKER, {
      eval: true,
      workerData: { base, token, targets, concurrency: CONCURRENCY, pipeline: PIPELINE },
    });
    worker.once('message', (failures: number) => {
      void worker.terminate();
      resolve(failures);
    });
    worker.once('error', reject);
  });
}

/** One lead's ten events: arrival, four moves, three note edits, two detail edits. */
function leadHistory(i: number): NewEvent[] {
  const leadId = randomUUID();
  const start = Date.now() - 180 * DAY_MS + (i % 170) * DAY_MS;
  const at = (step: number) => new Date(start + step * 3_600_000);
  const price = 950 + (i % 400) * 10;
  const firstName = FIRST[i % FIRST.length];
  const lastName = LAST[(i * 7) % LAST.length];
  const events: NewEvent[] = [
    {
      type: 'LeadCreated',
      data: {
        leadId,
        source: 'quote',
        status: 'new',
        doorStyle: 'Uritettu',
        doors: 8,
        drawers: 2,
        metres: 2,
        totalPrice: price,
      },
      personalData: {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${i}@example.fi`,
        phone: '+358 40 123 4567',
        address: `Katu ${i}`,
        city: 'Helsinki',
        country: 'FI',
      },
      occurredAt: at(0),
    },
  ];
  const finalStage = i % PIPELINE.length;
  let status = 'new';
  for (let step = 1; step <= 4; step++) {
    const to = PIPELINE[(finalStage + step) % PIPELINE.length];
    const next =
      step === 4
        ? PIPELINE[finalStage]
        : to === status
          ? PIPELINE[(finalStage + step + 1) % 5]
          : to;
    events.push({
      type: 'LeadStatusChanged',
      data: { from: status, to: next },
      occurredAt: at(step),
    });
    status = next;
  }
  let notes = '';
  for (let step = 5; step <= 7; step++) {
    const to = `Note ${step} about lead ${i}`;
    events.push({
      type: 'LeadNotesChanged',
      data: {},
      personalData: { from: notes, to },
      occurredAt: at(step),
    });
    notes = to;
  }
  for (let step = 8; step <= 9; step++) {
    events.push({
      type: 'LeadDetailsChanged',
      data: { changes: { doors: { from: 8 + step - 8, to: 9 + step - 8 } } },
      personalData: { changes: {} },
      occurredAt: at(step),
    });
  }
  return events.filter(
    (e) => e.type !== 'LeadStatusChanged' || (e.data.from as string) !== (e.data.to as string),
  );
}

async function percentiles(label: string, url: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const p95 = at(0.95);
  console.log(`${label.padEnd(46)} p50 ${at(0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
  return p95;
}

async function main(): Promise<void> {
  const database = await startBenchDatabase();
  try {
    const databaseUrl = database.url;
    const { app, base } = await startBenchApp(databaseUrl, {}, { runProjections: true });
    const store = app.get(EventStore);

    let started = Date.now();
    let next = 0;
    let events = 0;
    await Promise.all(
      Array.from({ length: LOAD_CONCURRENCY }, async () => {
        while (next < LEADS) {
          const i = next++;
          const history = leadHistory(i);
          const leadId = history[0].data.leadId as string;
          await store.append(`lead-${leadId}`, 'no_stream', history, {
            streamType: 'lead',
            subjectId: `lead:${leadId}`,
          });
          events += history.length;
          if ((i + 1) % 10_000 === 0) console.log(`loaded ${i + 1} leads`);
        }
      }),
    );
    console.log(
      `loaded ${LEADS} leads, ${events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    started = Date.now();
    await app.get(ProjectionManager).catchUp();
    console.log(`stats projection caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    await pool.query('analyze');

    const token = await signInBenchAdmin(app, base);

    const p95s = [
      await percentiles(
        'GET /api/admin/quotes?page=1&pageSize=25',
        `${base}/api/admin/quotes?page=1&pageSize=25`,
        token,
      ),
      await percentiles(
        'GET /api/admin/quotes?search=virtanen&pageSize=10',
        `${base}/api/admin/quotes?search=virtanen&pageSize=10`,
        token,
      ),
      await percentiles(
        'GET /api/admin/quotes?status=proposal&pageSize=20',
        `${base}/api/admin/quotes?status=proposal&pageSize=20`,
        token,
      ),
      await percentiles('GET /api/admin/quotes/stats', `${base}/api/admin/quotes/stats`, token),
    ];

    const { rows: targets } = await pool.query<{ id: string; version: number; status: string }>(
      'select id, version, status from lead_list order by random() limit $1',
      [CHANGES],
    );
    await pool.end();
    // The load comes from a worker thread so the client's own work stays off the server's loop.
    started = performance.now();
    const failures = await changeStatuses(base, token, targets);
    const perSecond = targets.length / ((performance.now() - started) / 1000);
    console.log(
      `PUT /api/admin/quotes/{id} status changes: ${perSecond.toFixed(0)}/s over ${targets.length} leads, ${failures} failed (target ≥ 1000/s)`,
    );
    await app.close();
    const slow = p95s.some((p) => p >= 30);
    if (slow || perSecond < 1000 || failures > 0) process.exitCode = 1;
  } finally {
    await database.stop();
  }
}

await main();
