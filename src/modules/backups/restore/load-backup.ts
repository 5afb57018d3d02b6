import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { once } from 'node:events';
import { inTransaction } from '#src/platform/database/queryable.js';
import { recordErasures } from '#src/platform/event-store/erasure-ledger.js';
import { BACKUP_TABLES, MANIFEST_SECTION } from '../infrastructure/backup-format.js';
import { readSections, UnusableBackupError } from '../infrastructure/backup-reader.js';

/** Tables a restore empties first when told to overwrite: what a backup holds, and sessions. */
const REPLACED_TABLES = [...BACKUP_TABLES.map((t) => t.name), 'staff_sessions'];
const COPY_CHUNK_BYTES = 1 << 18;

export async function isDatabaseEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ used: boolean }>(
    `select exists (select 1 from events) or exists (select 1 from staff_credentials) as used`,
  );
  return !rows[0].used;
}

/**
 * Loads a verified backup's tables in one transaction: either all of it is there afterwards or
 * none. Events keep their positions and take this transaction's id, which is below every later
 * one, so readers see them in position order and before anything appended after the restore.
 */
export async function loadBackup(
  pool: pg.Pool,
  path: string,
  {
    replace,
    erased = [],
    onRows,
  }: {
    replace: boolean;
    /** Erasures to keep in the ledger besides the backup's own, in the same transaction. */
    erased?: readonly string[];
    onRows?: (table: string, rows: number) => void;
  },
): Promise<Record<string, number>> {
  return inTransaction(pool, async (client) => {
    await client.query('set local statement_timeout = 0');
    if (replace) await client.query(`truncate ${REPLACED_TABLES.join(', ')}`);
    else if (!(await isDatabaseEmpty(pool)))
      throw new UnusableBackupError('The database is not empty');
    const loaded: Record<string, number> = {};
    await readSections(path, {
      async table(name, lines) {
        const table = BACKUP_TABLES.find((t) => t.name === name);
        if (!table) {
          if (name !== MANIFEST_SECTION) throw new Error(`unexpected section ${name}`);
          return;
        }
        loaded[name] = await copyLines(client, name, table.columns, lines, (n) =>
          onRows?.(name, n),
        );
      },
    });
    await recordErasures(client, erased);
    await client.query(`update streams set last_transaction_id = pg_current_xact_id()`);
    // Every projection is then built afresh from the restored log when the app starts.
    await client.query('update projections set definition_version = 0');
    await client.query(
      `select setval(pg_get_serial_sequence('events', 'global_position'),
                     coalesce((select max(global_position) from events), 0) + 1, false)`,
    );
    return loaded;
  });
}

async function copyLines(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  lines: AsyncIterable<string>,
  onRows: (rows: number) => void,
): Promise<number> {
  // COPY FROM writes given values into identity columns, as INSERT's OVERRIDING SYSTEM VALUE.
  const sink = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  const finished = once(sink, 'finish');
  finished.catch(() => undefined);
  let pending: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (!sink.write(pending.join(''))) await Promise.race([once(sink, 'drain'), finished]);
    pending = [];
    bytes = 0;
    onRows(rows);
  };
  for await (const line of lines) {
    pending.push(line, '\n');
    bytes += line.length + 1;
    rows += 1;
    if (bytes >= COPY_CHUNK_BYTES) await flush();
  }
  if (pending.length) await flush();
  sink.end();
  await finished;
  return rows;
}
