import type { AppConfig } from '#src/config/app-config.js';

/** How long anything may wait on the database: nothing waits without bound. */
export interface DatabaseWaits {
  poolSize: number;
  connectTimeoutMs: number;
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

export function databaseWaitsFrom(config: AppConfig): DatabaseWaits {
  return {
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    lockTimeoutMs: config.DATABASE_LOCK_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}

/** pg.Pool options: the acquire timeout for the pool, the other two sent as session settings. */
export function poolOptions(waits: DatabaseWaits) {
  return {
    max: waits.poolSize,
    connectionTimeoutMillis: waits.connectTimeoutMs,
    lock_timeout: waits.lockTimeoutMs,
    statement_timeout: waits.statementTimeoutMs,
  };
}

/** PostgreSQL error codes of a wait that ran out: the same request may well succeed soon. */
const WAIT_ENDED_CODES = new Set([
  '55P03', // lock_not_available: lock_timeout
  '57014', // query_canceled: statement_timeout
  '40P01', // deadlock_detected
  '53300', // too_many_connections
]);

/** pg-pool's own error when no connection came free within connectionTimeoutMillis. */
const POOL_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

export function isPoolExhausted(error: unknown): boolean {
  return error instanceof Error && error.message === POOL_TIMEOUT_MESSAGE;
}

/** True when the database gave up waiting (for a connection, a lock, or a slow statement). */
export function isDatabaseWaitExceeded(error: unknown): boolean {
  if (isPoolExhausted(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && WAIT_ENDED_CODES.has(code);
}

/**
 * PostgreSQL error codes of a server that is going away or not there yet: shut down, restarting,
 * or terminating connections. Class 08 (connection exception) is matched as a whole.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout: the server ended an idle connection
]);

/** Node's socket errors of a server that is not listening or a connection that broke. */
const SOCKET_ERRNOS = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * The calls a socket error may come from. A file's ENOENT comes from `open` or `stat` and is not
 * the database; Node's "socket ended by the other party" (EPIPE) names no call at all.
 */
const SOCKET_SYSCALLS = new Set([undefined, 'connect', 'read', 'write']);

/** pg's own messages for a connection that broke under it or a client it will not use again. */
const LOST_CONNECTION = /connection terminated|not queryable/i;

/**
 * True when the database cannot be reached: down, restarting, or the connection gone under a
 * query. Requests answer 503 for it and appends try again on a new connection, so both decide
 * the same way.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Not `instanceof Error`: socket errors may come from another realm (a test's VM context).
  if (typeof error !== 'object' || error === null) return false;
  const { code, syscall, message } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (SOCKET_ERRNOS.has(code) && SOCKET_SYSCALLS.has(syscall as string | undefined)) return true;
  }
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}
