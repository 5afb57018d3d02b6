import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** A TCP port free on loopback right now, for a throw-away server of one benchmark. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const BENCH_PASSWORD = 'bench password that is long enough';

/**
 * A throw-away embedded PostgreSQL with one migrated database. The server code is imported
 * here, not at the top, so processes that only need `freePort` (render children) stay small.
 */
export async function startBenchDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const { startEmbeddedPostgres } = await import('#src/platform/database/embedded-postgres.js');
  const { runMigrations } = await import('#src/platform/database/migrate.js');
  const postgres = await startEmbeddedPostgres({
    dataDir: mkdtempSync(join(tmpdir(), 'kk-bench-pg-')),
    port: await freePort(),
    ephemeral: true,
  });
  try {
    await postgres.createDatabase('bench');
    const url = postgres.url('bench');
    await runMigrations(url);
    return { url, stop: () => postgres.stop() };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}

/**
 * The production app on `databaseUrl`, listening on a free loopback port. `env` adds to or
 * overrides the defaults; the pattern warm-up is off because it would share the cores with
 * whatever is measured.
 */
export async function startBenchApp(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { runProjections?: boolean } = {},
): Promise<{ app: NestExpressApplication; base: string }> {
  const { createApp } = await import('#src/bootstrap.js');
  const { loadConfig } = await import('#src/config/app-config.js');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kk-bench-data-')),
    APP_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
    PATTERN_WARMUP: 'off',
    ...env,
  });
  const app = await createApp({ config, databaseUrl, ...options });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}` };
}

/** Adds an admin with `password` and signs in over HTTP; returns the bearer token. */
export async function signInBenchAdmin(
  app: NestExpressApplication,
  base: string,
  password = BENCH_PASSWORD,
): Promise<string> {
  const { CommandBus } = await import('@nestjs/cqrs');
  const { AddMemberCommand } =
    await import('#src/modules/team/commands/add-member/add-member.command.js');
  const email = 'bench@example.fi';
  await app
    .get(CommandBus)
    .execute(
      new AddMemberCommand({ firstName: 'Bench', lastName: 'Admin', email }, 'admin', password),
    );
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`Bench admin sign-in failed: HTTP ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * CPU time (ms) used so far by the PostgreSQL server at `databaseUrl`: the postmaster, its
 * running backends and those that ended (which it has reaped). Read from /proc (Linux); null
 * elsewhere.
 */
export async function databaseCpuMs(databaseUrl: string): Promise<number | null> {
  const { readFile, readdir } = await import('node:fs/promises');
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ dir: string }>(
      "select current_setting('data_directory') as dir",
    );
    const postmaster = Number(
      (await readFile(join(rows[0].dir, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    let ticks = 0;
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
      // The fields after the parenthesised name, from state (0) and ppid (1): utime (11),
      // stime (12), and the reaped children's cutime (13) and cstime (14).
      const fields = stat
        ?.slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      if (!fields) continue;
      if (Number(entry) === postmaster) ticks += fields[11] + fields[12] + fields[13] + fields[14];
      else if (fields[1] === postmaster) ticks += fields[11] + fields[12];
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

const REALTIME_MARK = 'BENCH_SCHEDULING';

/**
 * Runs this benchmark again at a real-time priority (round robin, priority 5) when the system
 * allows it, so the processes of other work on the machine cannot delay its servers' round trips:
 * on a shared machine that wait, not the code, set the verdict (docs/decisions/0063-quote-intake-
 * batches-overlap.md). The kernel keeps a share of every second for other processes whatever
 * runs at real-time priority. Answers the scheduling this process runs under, or exits with the
 * exit code of the run it started.
 */
export async function runAtRealtimePriority(
  script: string,
  args: string[],
): Promise<'real-time' | 'normal'> {
  if (process.env[REALTIME_MARK]) return process.env[REALTIME_MARK] as 'real-time' | 'normal';
  if (args.includes('--no-realtime')) return 'normal';
  const { spawn, spawnSync } = await import('node:child_process');
  const allowed = spawnSync('chrt', ['--rr', '5', 'true']).status === 0;
  if (!allowed) return 'normal';
  const child = spawn(
    'chrt',
    ['--rr', '5', process.execPath, ...process.execArgv, script, ...args],
    { stdio: 'inherit', env: { ...process.env, [REALTIME_MARK]: 'real-time' } },
  );
  const code = await new Promise<number>((resolve) =>
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}

/**
 * Times `GET /api/health` every 50 ms until stopped, as a visitor's page would wait on a busy
 * server; `stop()` answers every probe's milliseconds.
 */
export function probeHealth(base: string): { stop(): Promise<number[]> } {
  const times: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      probing = false;
      await probe;
      return times;
    },
  };
}
