import type pg from 'pg';

/** Anything that runs SQL: the pool, or one client inside a transaction. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export const PG_POOL = Symbol('PG_POOL');

/**
 * Runs `work` in one transaction on one pooled connection. On a pipelining connection BEGIN goes
 * out with the transaction's first statement instead of costing a round trip of its own: a
 * failed BEGIN fails that statement too, and is reported here.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    const begin = client.query('begin');
    if (client.pipeline) begin.catch(() => undefined);
    else await begin;
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
