import type pg from 'pg';

/** Anything that runs SQL: the pool, or one client inside a transaction. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export const PG_POOL = Symbol('PG_POOL');

/** Runs `work` in one transaction on one pooled connection. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
