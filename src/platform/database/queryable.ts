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

/** Whether statements sent on `db` go out without waiting for the answers of those before. */
export function pipelines(db: Queryable): boolean {
  return (db as { pipeline?: boolean }).pipeline === true;
}

/**
 * Runs `work` in one transaction on one pooled connection.
 *
 * `pipelined`: for this transaction the connection sends a statement without waiting for the
 * answers of those before it (the server still runs them in order), so `work` can send statements
 * that do not need each other's answers in one round trip, and BEGIN goes out in one write with
 * what `work` sends before it first awaits anything. A failed BEGIN fails those statements too, and
 * is reported. The mode is node-postgres' `pipeline`, switched on only while the transaction runs
 * and nothing else is in flight on the connection: it refuses COPY and cursors, which other
 * users of the pool need.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  { pipelined = false }: { pipelined?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  const mode = client as { pipeline: boolean };
  mode.pipeline = pipelined;
  try {
    let begin: Promise<unknown>;
    let working: Promise<T>;
    if (pipelined) {
      // BEGIN and what `work` sends before its first wait leave in one write.
      [begin, working] = sendTogether(client, () => [client.query('begin'), work(client)]);
      begin.catch(() => undefined);
    } else {
      await (begin = client.query('begin'));
      working = work(client);
    }
    const result = await working;
    await begin;
    // A transaction that a failed statement aborted ends in ROLLBACK when told to commit, and
    // PostgreSQL answers that without an error: work whose failure was caught must not pass as done.
    const { command } = await client.query('commit');
    if (command !== 'COMMIT') throw new Error(`the transaction ended in ${command}, not COMMIT`);
    return result;
  } catch (error) {
    // Answered in order: once ROLLBACK is answered, nothing sent before it is still in flight.
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    mode.pipeline = false;
    client.release();
  }
}
