/**
 * Removing a pipeline column that holds many leads while public quotes keep arriving: quote
 * latency before the removal and while it runs, side by side, on one app and one database.
 *
 *   npm run bench -- column-removal [--leads 5000] [--rate 50] [--seconds 5]
 *
 * Quotes are sent open-loop at a fixed rate (each on its own schedule, never waiting for the one
 * before), so a stalled server shows as latency rather than as fewer requests.
 * Target: quote p99 during the removal stays under 250 ms.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { signInBenchAdmin, startBenchApp, startBenchDatabase } from './bench-support.ts';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
  },
});
const LEADS = Number(values.leads);
const RATE = Number(values.rate);
const BEFORE_SECONDS = Number(values.seconds);
const TARGET_P99_MS = 250;
const COLUMN = 'on_hold';
const LOAD_CONCURRENCY = 32;

const quote = JSON.stringify({
  doorStyle: 'Uritettu',
  doors: 10,
  drawers: 2,
  metres: 2,
  customer: {
    firstName: 'Jono',
    lastName: 'Testaaja',
    email: 'jono@example.fi',
    address: 'Jonotie 1',
    city: 'Espoo',
    phone: '+358 40 000 0000',
  },
});

interface Sample {
  ms: number;
  status: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends quotes at RATE per second until `until` resolves; returns every answer's latency. */
async function quotesUntil(base: string, until: Promise<unknown>): Promise<Sample[]> {
  let done = false;
  void until.finally(() => (done = true));
  const answers: Promise<Sample>[] = [];
  const started = performance.now();
  for (let i = 0; !done; i++) {
    const due = started + (i * 1000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
    const sent = performance.now();
    answers.push(
      fetch(`${base}/api/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: quote,
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return { ms: performance.now() - sent, status: response.status };
        },
        () => ({ ms: performance.now() - sent, status: 0 }),
      ),
    );
  }
  return Promise.all(answers);
}

function summary(phase: string, samples: Sample[], seconds: number) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return {
    phase,
    seconds: Number(seconds.toFixed(1)),
    quotes: samples.length,
    failed: samples.filter((s) => s.status !== 201).length,
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
    'max ms': Math.round(sorted.at(-1) ?? 0),
  };
}

async function main(): Promise<void> {
  const database = await startBenchDatabase();
  try {
    const { app, base } = await startBenchApp(
      database.url,
      { RATE_LIMIT_PER_MINUTE: '1000000' },
      { runProjections: true },
    );
    const token = await signInBenchAdmin(app, base);
    const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const added = await fetch(`${base}/api/admin/pipeline-columns`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ name: 'On hold', color: 'orange' }),
    });
    if (!added.ok) throw new Error(`adding the column failed: HTTP ${added.status}`);

    const { CommandBus } = await import('@nestjs/cqrs');
    const { CreateLeadCommand } =
      await import('#src/modules/leads/commands/create-lead/create-lead.command.js');
    const bus = app.get(CommandBus);
    let next = 0;
    const loadStarted = performance.now();
    await Promise.all(
      Array.from({ length: LOAD_CONCURRENCY }, async () => {
        for (let i = next++; i < LEADS; i = next++) {
          await bus.execute(
            new CreateLeadCommand({
              source: 'quote',
              status: COLUMN,
              customer: {
                firstName: `Odottava${i}`,
                lastName: 'Asiakas',
                email: `odottava.${i}@example.fi`,
                phone: '+358 40 123 4567',
                address: `Katu ${i}`,
                city: 'Helsinki',
                country: 'FI',
              },
              doorStyle: 'Uritettu',
              doors: 8,
              drawers: 2,
              metres: 2,
              totalPrice: 1990,
            }),
          );
        }
      }),
    );
    console.log(
      `${LEADS} leads in column "${COLUMN}" (${((performance.now() - loadStarted) / 1000).toFixed(1)} s)`,
    );

    // The async projections catch up on the loaded leads first, and a second of quotes warms up.
    const { ProjectionManager } = await import('#src/platform/projections/projection-manager.js');
    await app.get(ProjectionManager).catchUp();
    await quotesUntil(base, sleep(1000));
    const before = await quotesUntil(base, sleep(BEFORE_SECONDS * 1000));
    const removalStarted = performance.now();
    let removalStatus = 0;
    let removalBody = '';
    const removal = fetch(`${base}/api/admin/pipeline-columns/${COLUMN}?moveLeadsTo=new`, {
      method: 'DELETE',
      headers: staff,
    }).then(async (response) => {
      removalStatus = response.status;
      removalBody = await response.text();
    });
    const during = await quotesUntil(base, removal);
    const removalSeconds = (performance.now() - removalStarted) / 1000;

    const { PG_POOL } = await import('#src/platform/database/queryable.js');
    const { rows } = await app
      .get<pg.Pool>(PG_POOL)
      .query<{ n: number }>('select count(*)::int as n from lead_list where status = $1', [COLUMN]);
    await app.close();

    console.log(`removal: HTTP ${removalStatus} ${removalBody} in ${removalSeconds.toFixed(1)} s`);
    // Other work on the machine moves both phases alike; the load says how much there was.
    console.log(
      `load average over the last minute: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
    );
    console.table([
      summary('before the removal', before, BEFORE_SECONDS),
      summary('during the removal', during, removalSeconds),
    ]);
    const duringP99 = summary('', during, removalSeconds)['p99 ms'];
    console.log(
      `quote p99 during the removal: ${duringP99} ms; target < ${TARGET_P99_MS} ms` +
        (duringP99 >= TARGET_P99_MS ? ' — ABOVE TARGET' : ''),
    );
    const failed = [...before, ...during].filter((s) => s.status !== 201).length;
    if (removalStatus !== 200 || rows[0].n !== 0 || failed > 0) {
      console.error(
        `removal answered ${removalStatus}, ${rows[0].n} leads left in the column, ${failed} quotes failed`,
      );
      process.exitCode = 1;
    }
  } finally {
    await database.stop();
  }
}

await main();
