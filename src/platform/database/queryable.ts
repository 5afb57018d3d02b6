import type { Writable } from 'node:stream';
import type pg from 'pg';

/** Anything that runs SQL: the pool, or one client inside a transaction. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export const PG_POOL = Symbol('PG_POOL');

/** The socket under a pg client; pg keeps it as `connection.stream`. */
function socketOf(db: Queryable): Writable | undefined {
  return (db as { connection?: { stream?: Writable } }).connection?.stream;
}

/**
 * Runs `send`, which sends statements on a pipelining connection without awaiting them, and
 * writes them to the server in one piece: the server is woken once for all of them, not once
 * per statement.
 */
export function sendTogether<T>(db: Queryable, send: () => T): T {
  const socket = socketOf(db);
  socket?.cork();
  try {
    return send();
  } finally {
    socket?.uncork();
  }
}

/**
 * Runs `work` in one transaction on one pooled connection. On a pipelining connection BEGIN goes
 * out in one write with what the transaction sends before it first waits for an answer, instead
 * of costing a round trip of its own: a failed BEGIN fails those statements too, and is reported
 * here.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    let begin: Promise<unknown>;
    if (client.pipeline) {
      const socket = socketOf(client);
      socket?.cork();
      setImmediate(() => socket?.uncork());
      begin = client.query('begin');
      begin.catch(() => undefined);
    } else await (begin = client.query('begin'));
    const result = await work(client);
    await begin;
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
