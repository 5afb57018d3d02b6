import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable } from '#src/platform/database/queryable.js';
import type { ProjectionTables } from '#src/platform/projections/projection.types.js';

/** Column name → PostgreSQL type, in the order of the table's columns. */
export type RowShape = Record<string, string>;

export type Row = Record<string, unknown>;

/** One row per key (a lead, a member): read, changed and written back whole. */
export interface StateTable {
  kind: 'state';
  name: string;
  shape: RowShape;
  key: string;
}

/** How a counter column takes a new value: added up, or the lowest kept. */
export type Merge = 'sum' | 'min';

/**
 * Totals by a group (a month and a stage, say), only ever added to: written as increments, so
 * folding them never needs to read what is stored. Group values are strings or numbers, the same
 * group always given the same type.
 */
export interface CounterTable {
  kind: 'counter';
  name: string;
  groups: RowShape;
  values: Record<string, { type: string; merge: Merge }>;
}

export type StoreTable = StateTable | CounterTable;

export const stateTable = (name: string, shape: RowShape, key: string): StateTable => ({
  kind: 'state',
  name,
  shape,
  key,
});

export const counterTable = (
  name: string,
  groups: RowShape,
  values: CounterTable['values'],
): CounterTable => ({ kind: 'counter', name, groups, values });

/** A counter table's columns as arrays: `count` runs once or more per event of a replay. */
const COUNTER_COLUMNS = new WeakMap<
  CounterTable,
  { groupColumns: string[]; valueColumns: { column: string; sum: boolean }[] }
>();

function counterColumns(table: CounterTable) {
  let columns = COUNTER_COLUMNS.get(table);
  if (!columns) {
    columns = {
      groupColumns: Object.keys(table.groups),
      valueColumns: Object.entries(table.values).map(([column, { merge }]) => ({
        column,
        sum: merge === 'sum',
      })),
    };
    COUNTER_COLUMNS.set(table, columns);
  }
  return columns;
}

/** The DDL of a table under its physical name. */
export function createTableSql(table: StoreTable, physical: string): string {
  const shape = columnsOf(table);
  const keys = table.kind === 'state' ? [table.key] : Object.keys(table.groups);
  const columns = Object.entries(shape).map(([column, type]) => `${column} ${type}`);
  return `create table ${physical} (${columns.join(', ')}, primary key (${keys.join(', ')}))`;
}

function columnsOf(table: StoreTable): RowShape {
  if (table.kind === 'state') return table.shape;
  const values = Object.fromEntries(
    Object.entries(table.values).map(([column, { type }]) => [column, `${type} not null`]),
  );
  return { ...table.groups, ...values };
}

/** Rows written per statement: large enough to be few, small enough to stay a modest string. */
const FLUSH_CHUNK = 10_000;
/** Rows per write of a COPY. */
const COPY_CHUNK = 2_000;

/** What a store holds of one table. */
interface HeldRows {
  /** State rows read or written, by key. */
  rows: Map<string, Row>;
  /** Keys of state rows changed since the last flush. */
  dirty: Set<string>;
  /** Keys of state rows known to be in the table: a replay copies any other in. */
  stored: Set<string>;
  /**
   * Counter increments since the last flush: a tree of maps, one level per group column, whose
   * leaves are the rows. Looking a group up value by value spares building a key string per count.
   */
  totals: GroupTree;
  /** The same rows, in the order their groups were first counted. */
  totalRows: Row[];
}

type GroupTree = Map<unknown, GroupTree | Row>;

/**
 * The rows a projection folds events into. It keeps what it read and what changed in memory and
 * writes only on `flush`, one statement per table per chunk of rows: a live batch reads the keys
 * it touches first (`load`), a replay of the whole log starts knowing every row and flushes now
 * and then, so the same fold gives the same rows however the log is cut.
 */
export class ReportRowBuffer {
  private readonly held = new Map<StoreTable, HeldRows>();

  private constructor(
    private readonly db: Queryable,
    private readonly tables: ProjectionTables,
    private readonly declared: readonly StoreTable[],
    /** Every stored row is in memory: a key not there is not stored either. */
    private readonly complete: boolean,
  ) {
    for (const table of declared) {
      this.held.set(table, {
        rows: new Map(),
        dirty: new Set(),
        stored: new Set(),
        totals: new Map(),
        totalRows: [],
      });
    }
  }

  /** For one live batch: reads rows from the database as the fold asks for them. */
  static live(
    db: Queryable,
    tables: ProjectionTables,
    declared: readonly StoreTable[],
  ): ReportRowBuffer {
    return new ReportRowBuffer(db, tables, declared, false);
  }

  /**
   * For a replay: starts from the stored rows (none for a fresh build, those of the interrupted
   * run when resuming) and never reads again.
   */
  static async replay(
    db: Queryable,
    tables: ProjectionTables,
    declared: readonly StoreTable[],
  ): Promise<ReportRowBuffer> {
    const store = new ReportRowBuffer(db, tables, declared, true);
    for (const table of declared) {
      if (table.kind !== 'state') continue;
      const { rows } = await db.query<Row>(`select * from ${tables[table.name]}`);
      const held = store.held.get(table)!;
      for (const row of rows) {
        held.rows.set(String(row[table.key]), row);
        held.stored.add(String(row[table.key]));
      }
    }
    return store;
  }

  /**
   * Makes the rows of `keys` available to `get`; call before folding a batch. A replay holds
   * every row already, so it never works out which keys a batch needs.
   */
  async load(table: StateTable, keys: () => Iterable<string>): Promise<void> {
    if (this.complete) return;
    const { rows: known } = this.held.get(table)!;
    const missing = [...new Set(keys())].filter((key) => !known.has(key));
    if (missing.length === 0) return;
    const { rows } = await this.db.query<Row>(
      `select * from ${this.tables[table.name]}
       where ${table.key} = any($1::${table.shape[table.key]}[])`,
      [missing],
    );
    for (const row of rows) known.set(String(row[table.key]), row);
  }

  get<T extends Row>(table: StateTable, key: string): T | undefined {
    return this.held.get(table)!.rows.get(key) as T | undefined;
  }

  /** Stores `row` under its key; a row got from `get` may be changed in place and put back. */
  put(table: StateTable, row: Row): void {
    const key = String(row[table.key]);
    const held = this.held.get(table)!;
    held.rows.set(key, row);
    held.dirty.add(key);
  }

  /** Adds `values` to the totals of the group `groups` (or lowers them, for `min` columns). */
  count(table: CounterTable, groups: Row, values: Row): void {
    const { groupColumns, valueColumns } = counterColumns(table);
    const held = this.held.get(table)!;
    let level = held.totals;
    const last = groupColumns.length - 1;
    for (let i = 0; i < last; i++) {
      const value = groups[groupColumns[i]];
      let next = level.get(value) as GroupTree | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    const leaf = groups[groupColumns[last]];
    const row = level.get(leaf) as Row | undefined;
    if (!row) {
      const fresh = { ...groups, ...values };
      level.set(leaf, fresh);
      held.totalRows.push(fresh);
      return;
    }
    for (const { column, sum } of valueColumns) {
      row[column] = sum
        ? (row[column] as number) + (values[column] as number)
        : lowest(row[column], values[column]);
    }
  }

  /** Writes what changed since the last flush. */
  async flush(db: Queryable): Promise<void> {
    for (const table of this.declared) {
      const held = this.held.get(table)!;
      if (table.kind === 'counter') {
        await this.write(db, table, held.totalRows);
        held.totals.clear();
        held.totalRows = [];
        continue;
      }
      const fresh: Row[] = [];
      const changed: Row[] = [];
      for (const key of held.dirty) {
        // Only a replay knows which rows are new: those go in by COPY, the fastest way in.
        if (this.complete && !held.stored.has(key)) {
          fresh.push(held.rows.get(key)!);
          held.stored.add(key);
        } else changed.push(held.rows.get(key)!);
      }
      await this.copy(db, table, fresh);
      await this.write(db, table, changed);
      held.dirty.clear();
    }
  }

  private async copy(db: Queryable, table: StateTable, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(table.shape);
    // Rows go to the socket in chunks: one write per row made the stream's bookkeeping cost more
    // than the rows themselves.
    const chunks = function* () {
      for (let from = 0; from < rows.length; from += COPY_CHUNK) {
        let chunk = '';
        for (let r = from; r < Math.min(from + COPY_CHUNK, rows.length); r++) {
          const row = rows[r];
          chunk += copyText(row[columns[0]]);
          for (let i = 1; i < columns.length; i++) chunk += '\t' + copyText(row[columns[i]]);
          chunk += '\n';
        }
        yield chunk;
      }
    };
    await pipeline(
      Readable.from(chunks(), { objectMode: false }),
      db.query(copyFrom(`copy ${this.tables[table.name]} (${columns.join(', ')}) from stdin`)),
    );
  }

  private async write(db: Queryable, table: StoreTable, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const shape = columnsOf(table);
    const columns = Object.keys(shape);
    const recordset = recordsetOf(shape);
    const onConflict =
      table.kind === 'state'
        ? `(${table.key}) do update set ${columns
            .filter((column) => column !== table.key)
            .map((column) => `${column} = excluded.${column}`)
            .join(', ')}`
        : `(${Object.keys(table.groups).join(', ')}) do update set ${Object.entries(table.values)
            .map(([column, { merge }]) =>
              merge === 'sum'
                ? `${column} = t.${column} + excluded.${column}`
                : `${column} = least(t.${column}, excluded.${column})`,
            )
            .join(', ')}`;
    for (let from = 0; from < rows.length; from += FLUSH_CHUNK) {
      await db.query(
        `insert into ${this.tables[table.name]} as t (${columns.join(', ')})
         select ${columns.join(', ')} from jsonb_to_recordset($1::jsonb) as r(${recordset})
         on conflict ${onConflict}`,
        [JSON.stringify(rows.slice(from, from + FLUSH_CHUNK))],
      );
      if (table.kind === 'counter')
        await this.dropEmptyGroups(db, table, rows.slice(from, from + FLUSH_CHUNK));
    }
  }

  /**
   * A group whose sums came back to zero is as if never counted: deleted, so a table kept live in
   * many small flushes holds exactly the rows a replay in a few large ones leaves. Groups with a
   * `min` column keep their row (a lowest value never goes back).
   */
  private async dropEmptyGroups(db: Queryable, table: CounterTable, rows: Row[]): Promise<void> {
    const values = Object.entries(table.values);
    if (values.some(([, { merge }]) => merge !== 'sum')) return;
    // A group that only went up cannot have come back to zero; one lowered, or counted up and
    // down within this flush (a delta of 0), can.
    const lowered = rows.filter((row) => values.some(([column]) => (row[column] as number) <= 0));
    if (lowered.length === 0) return;
    const groups = Object.keys(table.groups);
    const recordset = recordsetOf(table.groups);
    await db.query(
      `delete from ${this.tables[table.name]} as t
       using jsonb_to_recordset($1::jsonb) as r(${recordset})
       where ${groups.map((column) => `t.${column} = r.${column}`).join(' and ')}
         and ${values.map(([column]) => `t.${column} = 0`).join(' and ')}`,
      [JSON.stringify(lowered.map((row) => Object.fromEntries(groups.map((g) => [g, row[g]]))))],
    );
  }
}

/** A `jsonb_to_recordset` column list for `shape` (constraints do not belong there). */
const recordsetOf = (shape: RowShape) =>
  Object.entries(shape)
    .map(([column, type]) => `${column} ${type.replace(' not null', '')}`)
    .join(', ');

/** A value as COPY's text format spells it. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value))
    return escapeCopy(
      `{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    );
  return escapeCopy(String(value));
}

const COPY_SPECIAL = /[\\\t\n\r]/;
/** Most values (ids, months, names) have nothing to escape: testing first saves the replace. */
const escapeCopy = (text: string) =>
  COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : text;
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

function lowest(a: unknown, b: unknown): unknown {
  const time = (value: unknown) => (value instanceof Date ? value.getTime() : value) as number;
  return time(b) < time(a) ? b : a;
}
