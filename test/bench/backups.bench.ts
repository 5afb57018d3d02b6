/**
 * Backups of a large log (default 1,000,000 events; `--events N` to change):
 *  1. the backup (one snapshot, streamed through gzip into a synced file) beside a plain
 *     PostgreSQL COPY of the same table into a file, in the same run: time, size, and the peak
 *     RSS of a process writing it (`npm run backup:create`, target < 300 MB);
 *  2. `npm run backup:restore` of that file into a fresh database, projections rebuilt: time and
 *     peak RSS.
 *
 * The log: 1,000 real leads made through the app's command, then status moves appended with SQL
 * to reach the event count, so the restore's projections apply real events.
 *
 *   npm run bench -- backups            (or: npm run bench -- backups --events 200000)
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CommandBus } from '@nestjs/cqrs';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { createApp } from '#src/bootstrap.js';
import { loadConfig } from '#src/config/app-config.js';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { writeBackup } from '#src/modules/backups/infrastructure/backup-writer.js';
import { backupSettings } from '#src/modules/backups/infrastructure/backup-settings.js';
import { backupDirectory } from '#src/platform/storage/backup-paths.js';
import { fileStoreOf } from '#src/platform/storage/file-stores.js';
import { startEmbeddedPostgres } from '#src/platform/database/embedded-postgres.js';
import { runMigrations } from '#src/platform/database/migrate.js';
import { loadAppSecrets } from '#src/platform/secrets/app-secrets.js';
import { freePort } from './bench-support.ts';

const eventsOption = process.argv.indexOf('--events');
const EVENTS = eventsOption === -1 ? 1_000_000 : Number(process.argv[eventsOption + 1]);
const LEADS = 1000;
const RSS_TARGET_MB = 300;
const APP_SECRET = 'bench-secret-that-is-at-least-32-characters-long';
const STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'closed'];

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<number> {
  const postgres = await startEmbeddedPostgres({
    dataDir: mkdtempSync(join(tmpdir(), 'kk-bench-pg-')),
    port: await freePort(),
    ephemeral: true,
  });
  try {
    await postgres.createDatabase('source');
    await postgres.createDatabase('restored');
    const sourceUrl = postgres.url('source');
    await runMigrations(sourceUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'kk-bench-backups-'));
    const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_SECRET };
    const config = loadConfig({ ...env, PATTERN_WARMUP: 'off' });
    const pool = new pg.Pool({ connectionString: sourceUrl, max: 4 });

    let started = performance.now();
    await generateLog(sourceUrl, config, pool);
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from events');
    console.log(
      `log: ${Number(rows[0].n).toLocaleString('en')} events generated in ${seconds(performance.now() - started)} s`,
    );

    // Plain COPY of the same table to a file: the floor a logical backup cannot beat.
    const copyFile = join(dataDir, 'events.copy');
    started = performance.now();
    const client = await pool.connect();
    try {
      await pipeline(
        client.query(copyTo('copy (select * from events order by global_position) to stdout')),
        createWriteStream(copyFile),
      );
    } finally {
      client.release();
    }
    const copyMs = performance.now() - started;

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const rssSampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    started = performance.now();
    const backup = await writeBackup(pool, {
      folder: backupSettings(config, fileStoreOf(config)).folder,
      installation: loadAppSecrets(config).installationId,
      fileRoots: [],
    });
    const backupMs = performance.now() - started;
    clearInterval(rssSampler);
    console.log(
      `plain COPY of events: ${seconds(copyMs)} s, ${mb(statSync(copyFile).size)} MB uncompressed`,
    );
    console.log(
      `backup (snapshot, gzip, checksums, fsync): ${seconds(backupMs)} s, ${mb(backup.sizeBytes)} MB; ` +
        `${(backupMs / copyMs).toFixed(2)}x the plain COPY's time; ` +
        `this process's RSS ${mb(rssBefore)} MB before, ${mb(rssPeak)} MB at its peak`,
    );

    const created = await measuredCli('create-backup.js', [], { ...env, DATABASE_URL: sourceUrl });
    console.log(
      `npm run backup:create (process start to exit): ${seconds(created.ms)} s, peak RSS ${mb(created.peakRss)} MB ` +
        `(target < ${RSS_TARGET_MB} MB)`,
    );

    const restored = await measuredCli(
      'restore-backup.js',
      [join(backupDirectory(config), backup.fileName)],
      {
        ...env,
        DATABASE_URL: postgres.url('restored'),
      },
    );
    if (restored.code !== 0) throw new Error(`restore failed:\n${restored.output}`);
    console.log(
      `npm run backup:restore into a fresh database, projections rebuilt: ${seconds(restored.ms)} s, ` +
        `peak RSS ${mb(restored.peakRss)} MB`,
    );
    await pool.end();
    const withinTarget = created.peakRss < RSS_TARGET_MB * 1024 * 1024;
    console.log(withinTarget ? 'RSS target met' : 'RSS target MISSED');
    return withinTarget ? 0 : 1;
  } finally {
    await postgres.stop();
  }
}

/** Real leads through the command, then status moves appended in bulk to reach EVENTS. */
async function generateLog(url: string, config: ReturnType<typeof loadConfig>, pool: pg.Pool) {
  const app = await createApp({ config, databaseUrl: url, runProjections: false });
  await app.init();
  try {
    const bus = app.get(CommandBus);
    for (let i = 0; i < LEADS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          bus.execute(
            new CreateLeadCommand({
              source: 'quote',
              customer: {
                firstName: `Etu${i + j}`,
                lastName: 'Suku',
                email: `lead${i + j}@example.fi`,
                phone: '+358 40 111 2222',
                address: 'Testikatu 1',
                city: 'Helsinki',
                country: 'FI',
              },
              doorStyle: 'Uritettu',
              doors: 8,
              drawers: 3,
              metres: 2,
              totalPrice: 1800,
              status: 'new',
            }),
          ),
        ),
      );
    }
  } finally {
    await app.close();
  }
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from events');
  const perLead = Math.max(0, Math.ceil((EVENTS - Number(rows[0].n)) / LEADS));
  await pool.query(
    `with leads as (
       select stream_id, row_number() over () as lead from streams where type = 'lead'
     )
     insert into events (stream_id, stream_version, event_id, type, data, metadata, occurred_at)
     select l.stream_id, 1 + m, gen_random_uuid(), 'LeadStatusChanged',
            jsonb_build_object('from', ($2::text[])[1 + (m - 1) % 5], 'to', ($2::text[])[1 + m % 5]),
            jsonb_build_object('actorId', null, 'actorName', 'Bench', 'actorRole', 'admin',
                               'correlationId', gen_random_uuid(), 'causationId', null),
            now() - make_interval(secs => $1 - m)
     from leads l cross join generate_series(1, $1) m`,
    [perLead, STATUSES],
  );
  await pool.query(`update streams set version = version + $1 where type = 'lead'`, [perLead]);
}

/** Runs a built CLI, sampling its resident memory from /proc every 20 ms. */
function measuredCli(name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; ms: number; peakRss: number; output: string }>(
    (done) => {
      const started = performance.now();
      const child = spawn(process.execPath, [resolve('dist/src/cli', name), ...args], {
        env: { PATH: process.env.PATH ?? '', ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let peakRss = 0;
      const sampler = setInterval(() => {
        readFile(`/proc/${child.pid}/status`, 'utf8')
          .then((status) => {
            const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
            peakRss = Math.max(peakRss, kb * 1024);
          })
          .catch(() => undefined);
      }, 20);
      child.on('close', (code) => {
        clearInterval(sampler);
        done({ code, ms: performance.now() - started, peakRss, output });
      });
    },
  );
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
