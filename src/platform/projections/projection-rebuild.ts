import type pg from 'pg';
import { inTransaction } from '#src/platform/database/queryable.js';
import type { EventStore } from '#src/platform/event-store/event-store.js';
import {
  isAfterPosition,
  LOG_START,
  type LogPosition,
  type RecordedEvent,
} from '#src/platform/event-store/event-store.types.js';
import {
  applyBatch,
  type Checkpoint,
  commitBatch,
  readCheckpoint,
} from './projection-checkpoints.js';
import { positionOf, versionedTables } from './projection-tables.js';
import type {
  ProjectionDefinition,
  ProjectionReplay,
  ProjectionTables,
} from './projection.types.js';

export interface RebuildProgress {
  projection: string;
  processed: number;
  total: number;
  /** Rate of this run of the build (a resumed build counts from where it resumed). */
  eventsPerSecond: number;
  /** At the current rate; null until there is a rate. */
  secondsLeft: number | null;
  done: boolean;
}

export type ProgressListener = (progress: RebuildProgress) => void;

const READ_BATCH_SIZE = 10_000;
/**
 * Events applied in one transaction of a build: the more events per apply, the fewer times a
 * projection writes the same row (a lead's events lie close together in the log).
 */
const APPLY_BATCH_SIZE = 50_000;
/**
 * A replay folded in memory writes after this many events: seldom, since every write of a row
 * already written costs an update, yet bounding what a stopped build folds again when resumed.
 */
const REPLAY_FLUSH_EVENTS = 2_000_000;
/**
 * Between writes, a replay tells other processes how far it got this often: oftener than the
 * Reports tab polls (each second), so a build of a few seconds still shows its bar move.
 */
const REPLAY_PROGRESS_MS = 400;
/** Events applied at a time while the switch holds writers off. */
const SWITCH_BATCH_SIZE = 5000;

/** One projection's build in progress: its new version's tables and how far it got. */
interface BuildTarget {
  def: ProjectionDefinition;
  version: number;
  tables: ProjectionTables;
  position: LogPosition;
  processed: number;
  startedWith: number;
  total: number;
  /** Present when the projection folds a build in memory. */
  replay?: ProjectionReplay;
  /** Folded in memory and not yet written: how many events, up to where. */
  unflushed: { to: LogPosition | null; count: number };
  /** When other processes last heard of its progress. */
  toldAt: number;
}

/**
 * Builds projections into fresh `<table>_v<N>` tables from the whole log while the live tables
 * keep serving, then switches the views in one transaction. Several projections can share one
 * read of the log. An interrupted build resumes from its checkpoint.
 */
export class ProjectionRebuilder {
  constructor(
    private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
    private readonly log: (message: string) => void,
  ) {}

  async isOutdated(def: ProjectionDefinition): Promise<boolean> {
    const { rows } = await this.pool.query<{ definition_version: number }>(
      'select definition_version from projections where name = $1',
      [def.name],
    );
    return !rows[0] || rows[0].definition_version < def.version;
  }

  /** Builds the projection if no process has built its current version yet. */
  async buildIfOutdated(
    def: ProjectionDefinition,
    onProgress: ProgressListener = () => undefined,
  ): Promise<void> {
    if (!(await this.isOutdated(def))) return;
    await this.withBuildLocks([def], async () => {
      // Another instance may have built it while we waited for the lock.
      if (!(await this.isOutdated(def))) return;
      this.log(`building projection ${def.name} v${def.version}`);
      await this.build([def], onProgress);
    });
  }

  /** Builds the given projections in one pass over the log, then switches each. */
  async rebuild(defs: ProjectionDefinition[], onProgress: ProgressListener): Promise<void> {
    await this.withBuildLocks(defs, () => this.build(defs, onProgress));
  }

  /**
   * Drops every build of a projection, its views and its records, once no process builds it and
   * with its runner held off.
   */
  async drop(def: ProjectionDefinition): Promise<void> {
    await this.withBuildLocks([def], () =>
      inTransaction(this.pool, async (client) => {
        await client.query('select pg_advisory_xact_lock(hashtext($1))', [
          `projection:${def.name}`,
        ]);
        for (const logical of def.tables) {
          await client.query(`drop view if exists ${logical}`);
          const { rows } = await client.query<{ tablename: string }>(
            `select tablename from pg_tables
             where schemaname = current_schema() and tablename ~ ('^' || $1 || '_v[0-9]+$')`,
            [logical],
          );
          for (const { tablename } of rows) await client.query(`drop table if exists ${tablename}`);
        }
        await client.query('delete from projection_checkpoints where name = $1', [def.name]);
        await client.query('delete from projections where name = $1', [def.name]);
      }),
    );
  }

  /** Applies a batch, or folds it in memory and writes when enough has gathered. */
  private async fold(target: BuildTarget, events: RecordedEvent[], to: LogPosition): Promise<void> {
    target.processed += events.length;
    if (!target.replay) {
      await applyBatch(target, target.position, events, this.pool, { to });
      target.position = to;
      return;
    }
    await target.replay.apply(events);
    target.unflushed = { to, count: target.unflushed.count + events.length };
    if (target.unflushed.count >= REPLAY_FLUSH_EVENTS) await this.flushReplay(target);
    else if (performance.now() - target.toldAt > REPLAY_PROGRESS_MS) {
      await this.pool.query(
        `update projection_checkpoints set build_unflushed = $3, updated_at = now()
         where name = $1 and version = $2`,
        [target.def.name, target.version, target.unflushed.count],
      );
      target.toldAt = performance.now();
    }
  }

  /** Writes a replay's folded rows and moves its checkpoint to the last event folded. */
  private async flushReplay(target: BuildTarget): Promise<void> {
    const { replay, unflushed } = target;
    if (!replay || !unflushed.to) return;
    await commitBatch(
      this.pool,
      target,
      { from: target.position, to: unflushed.to, count: unflushed.count },
      (tx) => replay.flush(tx),
    );
    target.position = unflushed.to;
    target.unflushed = { to: null, count: 0 };
    target.toldAt = performance.now();
  }

  private async build(defs: ProjectionDefinition[], onProgress: ProgressListener): Promise<void> {
    const counts = await this.countEventsByType();
    const targets: BuildTarget[] = [];
    for (const def of defs) targets.push(await this.prepareBuild(def, counts));
    const started = performance.now();
    const report = (target: BuildTarget, done: boolean) =>
      onProgress(progressOf(target, (performance.now() - started) / 1000, done));

    const everyType = defs.some((d) => d.handles.length === 0);
    const types = everyType ? [] : [...new Set(defs.flatMap((d) => d.handles))];
    const personalData = defs.some((d) => d.needsPersonalData);
    const read = (after: LogPosition) => {
      const batch = this.eventStore.readAll(after, READ_BATCH_SIZE, { types, personalData });
      batch.catch(() => undefined); // awaited below; must not count as unhandled meanwhile
      return batch;
    };
    const start = targets.map((t) => t.position).reduce((a, b) => (isAfterPosition(a, b) ? b : a));
    // Reading the next page overlaps with applying the events before it: the database and the
    // apply code run in parallel instead of taking turns.
    let next = read(start);
    // Folding in memory gains nothing from large batches: each page is folded as it comes, while
    // the database reads the next one.
    const batchSize = targets.every((t) => t.replay) ? READ_BATCH_SIZE : APPLY_BATCH_SIZE;
    for (let exhausted = false; !exhausted;) {
      const events: RecordedEvent[] = [];
      while (events.length < batchSize) {
        const page = await next;
        events.push(...page);
        if (page.length < READ_BATCH_SIZE) {
          exhausted = true;
          break;
        }
        next = read(positionOf(page[page.length - 1]));
      }
      if (events.length === 0) break;
      const to = positionOf(events[events.length - 1]);
      await Promise.all(
        targets.map(async (target) => {
          // Only a target resumed further along than the others skips events it has already seen.
          const from = foldedTo(target);
          const mine = isAfterPosition(positionOf(events[0]), from)
            ? events.filter((e) => handlesType(target.def, e.type))
            : events.filter(
                (e) => handlesType(target.def, e.type) && isAfterPosition(positionOf(e), from),
              );
          await this.fold(target, mine, to);
          report(target, false);
        }),
      );
    }
    // Each target writes in its own transaction: the server takes in one's rows while the next
    // one's are being formatted, on as many cores as it has.
    await Promise.all(targets.map((target) => this.flushReplay(target)));
    for (const target of targets) {
      await this.switchTo(target);
      const final = await readCheckpoint(this.pool, target.def.name, target.version);
      target.processed = final.processed;
      report(target, true);
    }
  }

  /** One build of a projection at a time across every process sharing the database. */
  private async withBuildLocks(
    defs: ProjectionDefinition[],
    work: () => Promise<void>,
  ): Promise<void> {
    // Always in name order, so two processes building overlapping sets cannot deadlock.
    const [first, ...rest] = [...defs].sort((a, b) => a.name.localeCompare(b.name));
    if (!first) return work();
    return this.withBuildLock(first, () => this.withBuildLocks(rest, work));
  }

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

  private async prepareBuild(
    def: ProjectionDefinition,
    counts: Map<string, number>,
  ): Promise<BuildTarget> {
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
    const total = def.handles.length
      ? def.handles.reduce((sum, type) => sum + (counts.get(type) ?? 0), 0)
      : [...counts.values()].reduce((sum, n) => sum + n, 0);
    if (latest > active && (await this.tablesExist(versionedTables(def, latest)))) {
      const resumed = await readCheckpoint(this.pool, def.name, latest);
      this.log(`resuming build of ${def.name} v${latest} after ${resumed.processed} events`);
      await this.markRunStarted(def.name, latest, total);
      return this.target(def, latest, versionedTables(def, latest), resumed, total);
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
    await this.markRunStarted(def.name, version, total);
    return this.target(def, version, tables, { position: LOG_START, processed: 0 }, total);
  }

  private async target(
    def: ProjectionDefinition,
    version: number,
    tables: ProjectionTables,
    { position, processed }: Checkpoint,
    total: number,
  ): Promise<BuildTarget> {
    return {
      def,
      version,
      tables,
      position,
      processed,
      startedWith: processed,
      total,
      replay: await def.replay?.({ db: this.pool, tables }),
      unflushed: { to: null, count: 0 },
      toldAt: performance.now(),
    };
  }

  /** Lets any process (the app's Reports tab, say) show the progress of this run. */
  private async markRunStarted(name: string, version: number, total: number): Promise<void> {
    await this.pool.query(
      `update projection_checkpoints
       set build_total = $3, build_started_at = now(), build_started_with = processed,
         build_unflushed = 0, updated_at = now()
       where name = $1 and version = $2`,
      [name, version, total],
    );
  }

  /**
   * Catches up the last events with writers held off, then points the views at the new tables.
   * Inline projections lock out appends for that moment; async ones take their runner's lock.
   */
  private async switchTo({ def, version, tables }: BuildTarget): Promise<void> {
    await def.createIndexes?.({ db: this.pool, tables });
    await inTransaction(this.pool, async (client) => {
      if (def.mode === 'inline') await client.query('lock table events in exclusive mode');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`projection:${def.name}`]);
      for (;;) {
        const { position } = await readCheckpoint(client, def.name, version);
        const events = await this.eventStore.readAll(position, SWITCH_BATCH_SIZE, {
          types: def.handles,
          personalData: def.needsPersonalData,
          db: client,
          includeRecent: def.mode === 'inline',
        });
        if (events.length === 0) break;
        await applyBatch({ def, tables, version }, position, events, client, {
          inOpenTransaction: true,
        });
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
    });
  }

  /** One scan of the log tells every projection of a build how many events it has to go. */
  private async countEventsByType(): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ type: string; n: string }>(
      'select type, count(*) as n from events group by type',
    );
    return new Map(rows.map((row) => [row.type, Number(row.n)]));
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

/** Where a build has got to, written or only folded so far. */
const foldedTo = (target: BuildTarget) => target.unflushed.to ?? target.position;

function handlesType(def: ProjectionDefinition, type: string): boolean {
  return def.handles.length === 0 || def.handles.includes(type);
}

/** Rate and time left of a build that has applied `processed` events, `startedWith` before this run. */
export function buildRate(
  processed: number,
  startedWith: number,
  total: number,
  seconds: number,
): { eventsPerSecond: number; secondsLeft: number | null } {
  const eventsPerSecond = seconds > 0 ? Math.round((processed - startedWith) / seconds) : 0;
  const secondsLeft =
    eventsPerSecond > 0 ? Math.ceil(Math.max(total - processed, 0) / eventsPerSecond) : null;
  return { eventsPerSecond, secondsLeft };
}

function progressOf(target: BuildTarget, seconds: number, done: boolean): RebuildProgress {
  const total = Math.max(target.total, target.processed);
  return {
    projection: target.def.name,
    processed: target.processed,
    total,
    ...buildRate(target.processed, target.startedWith, total, seconds),
    ...(done ? { secondsLeft: 0 } : {}),
    done,
  };
}
