import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Binaries,
  explainSpawnError,
  type PostgresOwner,
  serverArguments,
} from './postgres-cluster.js';

/*
 * Supervision of the embedded server: start it detached, know from postmaster.pid whether one
 * runs and is ready, stop it in order, and keep its log from growing without bound.
 */

export interface PostmasterInfo {
  pid: number;
  port: number;
  /** Directory of the server's Unix socket; empty when it listens on TCP only. */
  socketDir: string;
  ready: boolean;
}

const START_TIMEOUT_MS = 60_000;

const STOP_TIMEOUT_MS = 30_000;

const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

/**
 * Keeps the server's log from growing without bound across restarts: past 10 MB it becomes
 * `server.log.1` (replacing the previous one) and a new log starts.
 */
export function rotateLog(logFile: string, limit = LOG_ROTATE_BYTES): void {
  if (existsSync(logFile) && statSync(logFile).size > limit) renameSync(logFile, `${logFile}.1`);
}

/**
 * Starts the server on `dataDir` in its own session and waits until it accepts connections; on
 * failure says why, with the last lines of its log.
 */
export async function launch(
  dataDir: string,
  { port, ephemeral }: { port: number; ephemeral: boolean },
  binaries: Binaries,
  owner: PostgresOwner,
): Promise<PostmasterInfo> {
  const logFile = join(dataDir, 'server.log');
  rotateLog(logFile);
  const out = openSync(logFile, 'a');
  const child = spawn(
    binaries.postgres,
    serverArguments(dataDir, port, ephemeral),
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
      `Port ${port} of 127.0.0.1 was taken while the embedded PostgreSQL started; ` +
        'set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another PostgreSQL server.',
    );
  }
  throw new Error(
    `PostgreSQL did not start (exit code ${exited ?? 'none'}); last lines of ${logFile}:\n${log}`,
  );
}

/** A live server on this data directory, once it accepts connections; null when there is none. */
export async function waitForRunningServer(dataDir: string): Promise<PostmasterInfo | null> {
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
export async function shutDown(dataDir: string): Promise<void> {
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

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}
