import type pg from 'pg';
import { inTransaction, type Queryable } from '#src/platform/database/queryable.js';
import type { LogPosition, RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { positionOf } from './projection-tables.js';
import type { ProjectionDefinition, ProjectionTables } from './projection.types.js';

export interface Checkpoint {
  position: LogPosition;
  processed: number;
}

export async function readCheckpoint(
  db: Queryable,
  name: string,
  version: number,
): Promise<Checkpoint> {
  const { rows } = await db.query<{
    transaction_id: string;
    global_position: string;
    processed: string;
  }>(
    `select transaction_id::text, global_position, processed from projection_checkpoints
     where name = $1 and version = $2`,
    [name, version],
  );
  if (!rows[0]) throw new Error(`No checkpoint for projection ${name} v${version}`);
  return {
    position: {
      transactionId: rows[0].transaction_id,
      globalPosition: Number(rows[0].global_position),
    },
    processed: Number(rows[0].processed),
  };
}

export interface BatchTarget {
  def: ProjectionDefinition;
  tables: ProjectionTables;
  version: number;
}

/**
 * Applies events and moves the checkpoint from `from` to `to` with compare-and-set, in one
 * transaction: the caller's when `db` is a client inside one, else a fresh one from the pool.
 */
export async function applyBatch(
  target: BatchTarget,
  from: LogPosition,
  events: RecordedEvent[],
  db: pg.Pool | pg.PoolClient,
  {
    to = positionOf(events[events.length - 1]),
    inOpenTransaction = false,
  }: { to?: LogPosition; inOpenTransaction?: boolean } = {},
): Promise<void> {
  const write = async (tx: Queryable) => {
    if (events.length > 0) await target.def.apply(events, { db: tx, tables: target.tables });
  };
  if (inOpenTransaction) return writeAndMove(db, target, { from, to, count: events.length }, write);
  await commitBatch(db as pg.Pool, target, { from, to, count: events.length }, write);
}

/** Runs `write` and moves the checkpoint past `count` events, in one fresh transaction. */
export async function commitBatch(
  pool: pg.Pool,
  target: BatchTarget,
  move: CheckpointMove,
  write: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await inTransaction(pool, (client) => writeAndMove(client, target, move, write));
}

interface CheckpointMove {
  from: LogPosition;
  to: LogPosition;
  count: number;
}

async function writeAndMove(
  tx: Queryable,
  { def, version }: BatchTarget,
  { from, to, count }: CheckpointMove,
  write: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await write(tx);
  const moved = await tx.query(
    `update projection_checkpoints
     set transaction_id = $3::xid8, global_position = $4, processed = processed + $7,
       build_unflushed = 0, updated_at = now()
     where name = $1 and version = $2 and transaction_id = $5::xid8 and global_position = $6`,
    [
      def.name,
      version,
      to.transactionId,
      to.globalPosition,
      from.transactionId,
      from.globalPosition,
      count,
    ],
  );
  if (moved.rowCount !== 1)
    throw new Error(`Checkpoint of ${def.name} v${version} moved concurrently`);
}
