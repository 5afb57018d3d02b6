/**
 * Replay of a generated history (100,000 leads, about 1,000,000 events) into all five reports in
 * one pass, next to a PostgreSQL COPY of the same log in read order, the ceiling of any replay on
 * this server. Target: >= 50,000 events/s; then each report read (as opening it in the Reports
 * tab does) in under 50 ms. Then the same for a report an admin could define (the time from a
 * lead's arrival to its next move, by column and owner: every lead event of the log), built alone.
 *
 *   npm run bench -- reports            (or: node test/bench/reports.bench.ts [leads])
 */
import { createSecretKey, randomBytes } from 'node:crypto';
import pg from 'pg';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { LeadSourcesReport } from '#src/modules/reports/projections/lead-sources.report.js';
import { PipelineFunnelReport } from '#src/modules/reports/projections/pipeline-funnel.report.js';
import { RevenueReport } from '#src/modules/reports/projections/revenue.report.js';
import { StaffActivityReport } from '#src/modules/reports/projections/staff-activity.report.js';
import { TimeInStageReport } from '#src/modules/reports/projections/time-in-stage.report.js';
import { DefinedReport } from '#src/modules/reports/projections/defined.report.js';
import { generateLeadHistory } from '../support/generated-history.ts';
import { startBenchDatabase } from './bench-support.ts';

const LEADS = Number(process.argv[2] ?? 100_000);
const MOVES = 8;
const TARGET = 50_000;
/** Opening a report reads tables its projection keeps folded. */
const READ_TARGET_MS = 50;

const format = (n: number) => Math.round(n).toLocaleString('en');
const seconds = (from: number) => (performance.now() - from) / 1000;

/** Events per second of a server-side COPY of the log in the order replays read it. */
async function copyCeiling(pool: pg.Pool, events: number): Promise<number> {
  const started = performance.now();
  await pool.query(
    `copy (select * from events order by transaction_id, global_position) to '/dev/null'`,
  );
  return events / seconds(started);
}

/** A defined report's build over the whole log, and its read. */
async function benchDefinedReport(
  pool: pg.Pool,
  manager: ProjectionManager,
  events: number,
): Promise<void> {
  const report = new DefinedReport(
    {
      definitionId: 'b0b0b0b0b0',
      revision: 1,
      title: 'Hours from arrival to the next move',
      eventTypes: [],
      measure: { kind: 'duration', from: 'LeadCreated', to: 'LeadStatusChanged' },
      groupBy: ['column', 'owner'],
    },
    async () => new Map(),
  );
  manager.register(report);
  const { rows } = await pool.query<{ n: string }>(
    'select count(*) as n from events where type = any($1)',
    [report.handles],
  );
  const handled = Number(rows[0].n);
  const started = performance.now();
  await manager.rebuild(report.name);
  const took = seconds(started);
  const replay = events / took;
  const reading = performance.now();
  const content = await report.read(pool);
  const readMs = seconds(reading) * 1000;
  console.log(
    `reports replay: defined report (${report.handles.join(', ')}: ${format(handled)} of the log's ` +
      `${format(events)} events) built in ${took.toFixed(1)} s = ${format(replay)} events of the log/s, ` +
      `${format(handled / took)} events read/s (target >= ${format(TARGET)}/s) ${replay >= TARGET ? 'OK' : 'MISSED'}; ` +
      `read ${content.tables[0].rows.length} rows in ${readMs.toFixed(0)} ms (target < ${READ_TARGET_MS} ms) ` +
      `${readMs < READ_TARGET_MS ? 'OK' : 'MISSED'}`,
  );
  if (replay < TARGET || readMs >= READ_TARGET_MS) process.exitCode = 1;
}

async function main(): Promise<void> {
  const database = await startBenchDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  // Stopping the throw-away server ends any connection still open; that is not a failure.
  pool.on('error', () => undefined);
  try {
    const vault = new PersonalDataVault(pool, createSecretKey(randomBytes(32)));
    const store = new EventStore(pool, vault, new UpcasterRegistry());
    const generating = performance.now();
    const events = await generateLeadHistory(pool, vault, { leads: LEADS, moves: MOVES });
    console.log(
      `reports replay: generated ${format(events)} events of ${format(LEADS)} leads in ${seconds(generating).toFixed(1)} s`,
    );
    const ceiling = Math.max(await copyCeiling(pool, events), await copyCeiling(pool, events));

    const manager = new ProjectionManager(pool, store);
    const reports = [
      new PipelineFunnelReport(),
      new TimeInStageReport(),
      new RevenueReport(),
      new LeadSourcesReport(),
      new StaffActivityReport(),
    ];
    manager.register(...reports);
    const started = performance.now();
    await manager.rebuild(reports.map((r) => r.name));
    const replay = events / seconds(started);
    for (const report of reports) {
      const reading = performance.now();
      await report.read(pool);
      const readMs = seconds(reading) * 1000;
      const fast = readMs < READ_TARGET_MS;
      console.log(
        `reports replay: ${report.name} read in ${readMs.toFixed(0)} ms (target < ${READ_TARGET_MS} ms) ${fast ? 'OK' : 'MISSED'}`,
      );
      if (!fast) process.exitCode = 1;
    }
    console.log(
      `reports replay: ${format(events)} events into all five reports in ${seconds(started).toFixed(1)} s = ` +
        `${format(replay)} events/s (target >= ${format(TARGET)}/s) ${replay >= TARGET ? 'OK' : 'MISSED'}; ` +
        `COPY of the log ${format(ceiling)} events/s (ceiling); replay at ${((replay / ceiling) * 100).toFixed(0)} % of it`,
    );
    if (replay < TARGET) process.exitCode = 1;
    await benchDefinedReport(pool, manager, events);
  } finally {
    await pool.end();
    await database.stop();
  }
}

await main();
