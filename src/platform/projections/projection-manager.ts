import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import type { EventStore } from '#src/platform/event-store/event-store.js';
import { EVENTS_CHANNEL } from '#src/platform/event-store/event-store.js';
import {
  isAfterPosition,
  LOG_START,
  type LogPosition,
  type RecordedEvent,
} from '#src/platform/event-store/event-store.types.js';
import type { ProjectionDefinition, ProjectionTables } from './projection.types.js';

export interface RebuildProgress {
  projection: string;
  processed: number;
  total: number;
  done: boolean;
}

export interface ProjectionStatus {
  name: string;
  mode: 'inline' | 'async';
  activeVersion: number;
  lag: number;
}

const BATCH_SIZE = 5000;
const POLL_INTERVAL_MS = 1000;
const RERUN_DELAY_MS = 100;
const LISTEN_RETRY_MS = 5000;
const LAG_COUNT_LIMIT = 100_000;

/**
 * Keeps every projection's tables in step with the log: registers inline projections with the
 * event store, runs async ones (advisory lock per batch, compare-and-set checkpoints, LISTEN
 * wake-up with polling), and builds fresh tables for a rebuild before switching the views.
 */
export class ProjectionManager {
  private listener: pg.Client | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;

  private readonly definitions: ProjectionDefinition[] = [];

  /** Told how the builds at start-up progress (a restore shows them). */
  onBuildProgress: (progress: RebuildProgress) => void = () => undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
    private readonly log: (message: string) => void = () => undefined,
    private readonly listenerFactory?: () => pg.Client,
  ) {}

  register(...definitions: ProjectionDefinition[]): void {
    for (const def of definitions) {
      if (this.definitions.some((d) => d.name === def.name))
        throw new Error(`Duplicate projection ${def.name}`);
      this.definitions.push(def);
    }
  }

  get projections(): readonly ProjectionDefinition[] {
    return this.definitions;
  }

  /** Builds missing or outdated projections, then wires inline ones into the event store. */
  async initialize(): Promise<void> {
    for (const def of this.definitions) {
      if (!(await this.isOutdated(def))) continue;
      await this.withBuildLock(def, async () => {
        // Another instance may have built it while we waited for the lock.
        if (!(await this.isOutdated(def))) return;
        this.log(`building projection ${def.name} v${def.version}`);
        await this.build(def, this.onBuildProgress);
      });
    }
    for (const def of this.definitions.filter((d) => d.mode === 'inline')) {
      const tables = liveTables(def);
      this.eventStore.registerInlineHandler(def.handles, (events, db) =>
        def.apply(events, { db, tables }),
      );
    }
  }

  /** Starts the async runner; returns once the listener is connected. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
    const poll = () => {
      if (this.stopped) return;
      this.wake();
      this.pollTimer = setTimeout(poll, POLL_INTERVAL_MS);
    };
    poll();
  }

  /** LISTEN for appends; a lost connection is re-opened while polling covers the gap. */
  private async listen(): Promise<void> {
    if (!this.listenerFactory || this.stopped) return;
    const listener = this.listenerFactory();
    this.listener = listener;
    listener.on('notification', () => this.wake());
    listener.on('error', (error) => {
      this.log(`projection listener lost (${error.message}); polling until it reconnects`);
      void listener.end().catch(() => undefined);
      if (this.listener === listener) this.listener = null;
      setTimeout(() => void this.listen().catch(() => undefined), LISTEN_RETRY_MS).unref();
    });
    await listener.connect();
    await listener.query(`listen ${EVENTS_CHANNEL}`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /** Runs the async projections until they have caught up with what is committed now. */
  async catchUp(): Promise<void> {
    const failures: Error[] = [];
    for (const def of this.definitions.filter((d) => d.mode === 'async')) {
      try {
        while ((await this.runBatch(def)) === BATCH_SIZE) {
          /* keep going */
        }
      } catch (error) {
        // One failing projection must not hold the others back.
        failures.push(new Error(`${def.name}: ${(error as Error).message}`, { cause: error }));
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1)
      throw new AggregateError(failures, failures.map((f) => f.message).join('; '));
  }

  /** Lag is the number of committed events an async projection has still to apply (capped). */
  async status(): Promise<ProjectionStatus[]> {
    const { rows } = await this.pool.query<{
      name: string;
      active_version: number;
      transaction_id: string;
      global_position: string;
    }>(
      `select p.name, p.active_version, c.transaction_id::text, c.global_position
       from projections p join projection_checkpoints c on c.name = p.name and c.version = p.active_version`,
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    return Promise.all(
      this.definitions.map(async (def) => {
        const row = byName.get(def.name);
        const lag =
          def.mode === 'inline' || !row
            ? 0
            : await this.pendingEvents(def, {
                transactionId: row.transaction_id,
                globalPosition: Number(row.global_position),
              });
        return { name: def.name, mode: def.mode, activeVersion: row?.active_version ?? 0, lag };
      }),
    );
  }

  private async pendingEvents(def: ProjectionDefinition, after: LogPosition): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      `select count(*) as n from (
         select 1 from events
         where (transaction_id, global_position) > ($1::xid8, $2::bigint)
           and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           and ($3::text[] is null or type = any($3))
         limit ${LAG_COUNT_LIMIT}) pending`,
      [after.transactionId, after.globalPosition, def.handles.length ? def.handles : null],
    );
    return Number(rows[0].n);
  }

  /**
   * Builds the projection into fresh tables from the whole log while the current tables keep
   * serving, then switches. Resumes an interrupted build of the same target version.
   */
  async rebuild(
    name: string,
    onProgress: (progress: RebuildProgress) => void = () => undefined,
  ): Promise<void> {
    const def = this.definitions.find((d) => d.name === name);
    if (!def)
      throw new Error(
        `Unknown projection ${name}; known: ${this.definitions.map((d) => d.name).join(', ')}`,
      );
    await this.withBuildLock(def, () => this.build(def, onProgress));
  }

  private async build(
    def: ProjectionDefinition,
    onProgress: (progress: RebuildProgress) => void,
  ): Promise<void> {
    const target = await this.prepareBuild(def);
    const total = await this.countEvents(def);
    let { position, processed } = target;
    const tables = versionedTables(def, target.version);
    const read = (after: LogPosition) => {
      const batch = this.eventStore.readAll(after, BATCH_SIZE, {
        types: def.handles,
        personalData: def.needsPersonalData,
      });
      batch.catch(() => undefined); // awaited below; must not count as unhandled meanwhile
      return batch;
    };
    // Reading the next batch overlaps with applying this one: the database and the apply
    // code run in parallel instead of taking turns.
    let next = read(position);
    for (;;) {
      const events = await next;
      if (events.length === 0) break;
      const to = positionOf(events[events.length - 1]);
      next = events.length < BATCH_SIZE ? Promise.resolve([]) : read(to);
      await this.applyBatch(def, tables, target.version, position, events, this.pool);
      position = to;
      processed += events.length;
      onProgress({
        projection: def.name,
        processed,
        total: Math.max(total, processed),
        done: false,
      });
    }
    await this.switchTo(def, target.version, tables);
    const final = await this.checkpoint(def.name, target.version, this.pool);
    onProgress({
      projection: def.name,
      processed: final.processed,
      total: Math.max(total, final.processed),
      done: true,
    });
  }

  private async isOutdated(def: ProjectionDefinition): Promise<boolean> {
    const { rows } = await this.pool.query<{ definition_version: number }>(
      'select definition_version from projections where name = $1',
      [def.name],
    );
    return !rows[0] || rows[0].definition_version < def.version;
  }

  /** One build of a projection at a time across every process sharing the database. */
  private async withBuildLock(def: ProjectionDefinition, work: () => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    const key = `projection-build:${def.name}`;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [key],
      );
      if (!rows[0].locked) {
        this.log(`waiting for another process to finish building ${def.name}`);
        // A build takes as long as the log is long: this one wait is meant to have no bound.
        await client.query('set lock_timeout = 0; set statement_timeout = 0');
        try {
          await client.query('select pg_advisory_lock(hashtext($1))', [key]);
        } finally {
          await client.query('reset lock_timeout; reset statement_timeout');
        }
      }
      try {
        await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      client.release();
    }
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.catchUp()
      .catch((error: Error) => this.log(`projection runner failed: ${error.message}`))
      .finally(() => {
        this.running = null;
        if (this.rerun) {
          this.rerun = false;
          // Under a stream of appends, coalesce wake-ups into batches instead of querying nonstop.
          setTimeout(() => this.wake(), RERUN_DELAY_MS).unref();
        }
      });
  }

  /** One batch of one async projection; returns how many events it applied. */
  private async runBatch(def: ProjectionDefinition): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const locked = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock(hashtext($1)) as locked',
        [`projection:${def.name}`],
      );
      if (!locked.rows[0].locked) {
        await client.query('rollback');
        return 0;
      }
      const { rows } = await client.query<{ active_version: number }>(
        'select active_version from projections where name = $1',
        [def.name],
      );
      if (!rows[0]) {
        await client.query('rollback');
        return 0;
      }
      const version = rows[0].active_version;
      const { position } = await this.checkpoint(def.name, version, client);
      const { events, searchedTo } = await this.eventStore.readPage(position, BATCH_SIZE, {
        types: def.handles,
        personalData: def.needsPersonalData,
        db: client,
      });
      // Past the events of other types too, so the next wake-up does not search them again.
      if (isAfterPosition(searchedTo, position)) {
        await this.applyBatch(def, liveTables(def), version, position, events, client, true, {
          to: searchedTo,
        });
      }
      await client.query('commit');
      return events.length;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Applies events and moves the checkpoint with compare-and-set, in one transaction. */
  private async applyBatch(
    def: ProjectionDefinition,
    tables: ProjectionTables,
    version: number,
    from: LogPosition,
    events: RecordedEvent[],
    db: pg.Pool | pg.PoolClient,
    inOpenTransaction = false,
    { to = positionOf(events[events.length - 1]) }: { to?: LogPosition } = {},
  ): Promise<void> {
    const work = async (tx: Queryable) => {
      if (events.length > 0) await def.apply(events, { db: tx, tables });
      const moved = await tx.query(
        `update projection_checkpoints
         set transaction_id = $3::xid8, global_position = $4, processed = processed + $7, updated_at = now()
         where name = $1 and version = $2 and transaction_id = $5::xid8 and global_position = $6`,
        [
          def.name,
          version,
          to.transactionId,
          to.globalPosition,
          from.transactionId,
          from.globalPosition,
          events.length,
        ],
      );
      if (moved.rowCount !== 1)
        throw new Error(`Checkpoint of ${def.name} v${version} moved concurrently`);
    };
    if (inOpenTransaction) return work(db);
    const client = await (db as pg.Pool).connect();
    try {
      await client.query('begin');
      await work(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async prepareBuild(def: ProjectionDefinition) {
    const { rows } = await this.pool.query<{
      active_version: number | null;
      latest: number | null;
    }>(
      `select (select active_version from projections where name = $1) as active_version,
              (select max(version) from projection_checkpoints where name = $1) as latest`,
      [def.name],
    );
    const active = rows[0].active_version ?? 0;
    const latest = rows[0].latest ?? 0;
    if (latest > active && (await this.tablesExist(versionedTables(def, latest)))) {
      const resumed = await this.checkpoint(def.name, latest, this.pool);
      this.log(`resuming build of ${def.name} v${latest} after ${resumed.processed} events`);
      return { version: latest, ...resumed };
    }
    const version = Math.max(active, latest) + 1;
    const tables = versionedTables(def, version);
    for (const table of Object.values(tables))
      await this.pool.query(`drop table if exists ${table} cascade`);
    await def.createTables({ db: this.pool, tables });
    await this.pool.query(
      `insert into projection_checkpoints (name, version) values ($1, $2)
       on conflict (name, version) do update set transaction_id = '0', global_position = 0, processed = 0`,
      [def.name, version],
    );
    return { version, position: LOG_START, processed: 0 };
  }

  /**
   * Catches up the last events with writers held off, then points the views at the new tables.
   * Inline projections lock out appends for that moment; async ones take their runner's lock.
   */
  private async switchTo(
    def: ProjectionDefinition,
    version: number,
    tables: ProjectionTables,
  ): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      if (def.mode === 'inline') await client.query('lock table events in exclusive mode');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`projection:${def.name}`]);
      for (;;) {
        const { position } = await this.checkpoint(def.name, version, client);
        const events = await this.eventStore.readAll(position, BATCH_SIZE, {
          types: def.handles,
          personalData: def.needsPersonalData,
          db: client,
          includeRecent: def.mode === 'inline',
        });
        if (events.length === 0) break;
        await this.applyBatch(def, tables, version, position, events, client, true);
      }
      const { rows } = await client.query<{ active_version: number }>(
        'select active_version from projections where name = $1 for update',
        [def.name],
      );
      const previous = rows[0]?.active_version;
      for (const logical of def.tables) {
        await client.query(`drop view if exists ${logical}`);
        await client.query(`create view ${logical} as select * from ${tables[logical]}`);
      }
      await client.query(
        `insert into projections (name, active_version, definition_version) values ($1, $2, $3)
         on conflict (name) do update set active_version = $2, definition_version = $3`,
        [def.name, version, def.version],
      );
      if (previous !== undefined && previous !== version) {
        for (const table of Object.values(versionedTables(def, previous))) {
          await client.query(`drop table if exists ${table}`);
        }
      }
      await client.query('delete from projection_checkpoints where name = $1 and version <> $2', [
        def.name,
        version,
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async checkpoint(name: string, version: number, db: Queryable) {
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

  private async countEvents(def: ProjectionDefinition): Promise<number> {
    const { rows } = def.handles.length
      ? await this.pool.query<{ n: string }>(
          'select count(*) as n from events where type = any($1)',
          [def.handles],
        )
      : await this.pool.query<{ n: string }>('select count(*) as n from events');
    return Number(rows[0].n);
  }

  private async tablesExist(tables: ProjectionTables): Promise<boolean> {
    const names = Object.values(tables);
    const { rows } = await this.pool.query<{ n: string }>(
      'select count(*) as n from pg_tables where schemaname = current_schema() and tablename = any($1)',
      [names],
    );
    return Number(rows[0].n) === names.length;
  }
}

function positionOf(event: RecordedEvent): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/** Live writes go through the views, which always point at the active build. */
function liveTables(def: ProjectionDefinition): ProjectionTables {
  return Object.fromEntries(def.tables.map((t) => [t, t]));
}

function versionedTables(def: ProjectionDefinition, version: number): ProjectionTables {
  return Object.fromEntries(def.tables.map((t) => [t, `${t}_v${version}`]));
}
