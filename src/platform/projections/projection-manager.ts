import type pg from 'pg';
import type { ReportBuild } from '#src/contract/reports.js';
import type { EventStore } from '#src/platform/event-store/event-store.js';
import type { LogPosition } from '#src/platform/event-store/event-store.types.js';
import { ProjectionRebuilder, buildRate, type ProgressListener } from './projection-rebuild.js';
import { ProjectionRegistry } from './projection-registry.js';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projection-runner.js';
import { liveTables } from './projection-tables.js';
import type { ProjectionDefinition } from './projection.types.js';

export type { RebuildProgress } from './projection-rebuild.js';

/** A build's progress as the API answers it, and which version of the projection it builds. */
export interface BuildStatus extends ReportBuild {
  version: number;
}

export interface ProjectionStatus {
  name: string;
  mode: 'inline' | 'async';
  /** 0 while the projection has never been built. */
  activeVersion: number;
  /** The live build was made by older code than the projection's current version. */
  outdated: boolean;
  lag: number;
  build: BuildStatus | null;
}

const LAG_COUNT_LIMIT = 100_000;
/** A build whose checkpoint has not moved for this long is taken as stopped. */
const BUILD_STALE_SECONDS = 15;

/**
 * Keeps every projection's tables in step with the log: registers inline projections with the
 * event store, lets the runner keep async ones caught up, and has the rebuilder build fresh
 * tables beside the live ones before switching the views.
 */
export class ProjectionManager {
  private readonly registry = new ProjectionRegistry();
  private readonly runner: ProjectionRunner;
  private readonly rebuilder: ProjectionRebuilder;
  private readonly background = new Map<string, Promise<void>>();
  /** Builds started by `initialize` that it did not wait for. */
  private readonly startupBuilds: Promise<void>[] = [];
  private readonly failures = new Map<string, string>();
  /** Projections whose live build is of their current version: that stays so in this process. */
  private readonly current = new Set<string>();

  /** Told how the builds at start-up progress (a restore shows them). */
  onBuildProgress: ProgressListener = () => undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
    private readonly log: (message: string) => void = () => undefined,
    runnerOptions: ProjectionRunnerOptions = {},
  ) {
    this.runner = new ProjectionRunner(pool, eventStore, this.registry, log, runnerOptions);
    this.rebuilder = new ProjectionRebuilder(pool, eventStore, log);
  }

  register(...definitions: ProjectionDefinition[]): void {
    this.registry.register(...definitions);
  }

  get projections(): readonly ProjectionDefinition[] {
    return this.registry.all;
  }

  /**
   * Builds missing or outdated projections (in the background those that may be, reports
   * among them unless `reports` is false: a command-line tool builds only what it is asked),
   * then wires inline ones into the event store.
   */
  async initialize({ reports = true }: { reports?: boolean } = {}): Promise<void> {
    const reportBuilds: ProjectionDefinition[] = [];
    for (const def of this.registry.all) {
      if (def.rebuildOnRequest) {
        if (reports) reportBuilds.push(def);
        continue;
      }
      const build = () => this.rebuilder.buildIfOutdated(def, this.onBuildProgress);
      if (def.mode === 'async' && def.buildInBackground) {
        this.startupBuilds.push(this.inBackground(def.name, build));
      } else await build();
    }
    // One report after another, after the others: a small pool is not taken by builds at once.
    let previous: Promise<void> = Promise.resolve();
    for (const def of reportBuilds) {
      const after = previous;
      previous = this.inBackground(def.name, async () => {
        await after; // never rejects: inBackground records a failure instead
        await this.rebuilder.buildIfOutdated(def, this.onBuildProgress);
      });
      this.startupBuilds.push(previous);
    }
    for (const def of this.registry.inline) {
      const tables = liveTables(def);
      this.eventStore.registerInlineHandler(def.handles, (events, db) =>
        def.apply(events, { db, tables }),
      );
    }
  }

  /** Starts the async runner; returns once the listener is connected. */
  start(): Promise<void> {
    return this.runner.start();
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    await Promise.allSettled(this.background.values());
  }

  /**
   * Runs the async projections until they have caught up with what is committed now, after
   * the builds started in the background at start have ended.
   */
  async catchUp(): Promise<void> {
    await Promise.all(this.startupBuilds);
    return this.runner.catchUp();
  }

  /**
   * Builds the projections into fresh tables from the whole log, in one pass, while the current
   * tables keep serving, then switches. Resumes an interrupted build of the same target version.
   */
  async rebuild(
    names: string | readonly string[],
    onProgress: ProgressListener = () => undefined,
  ): Promise<void> {
    const defs = (typeof names === 'string' ? [names] : names).map((n) => this.registry.get(n));
    await this.rebuilder.rebuild(defs, onProgress);
  }

  /**
   * Starts a rebuild in the background and returns at once; `status()` shows its progress.
   * Asking again while it runs changes nothing.
   */
  startRebuild(name: string): void {
    this.registry.get(name);
    void this.inBackground(name, () => this.rebuild(name));
  }

  /**
   * Builds a projection registered while the app runs (a report an admin defined) in the
   * background unless its current version is built; resolves when that build has ended, never
   * rejecting (`status()` shows a failure).
   */
  buildInBackground(name: string): Promise<void> {
    const def = this.registry.get(name);
    return this.inBackground(name, () => this.rebuilder.buildIfOutdated(def));
  }

  /**
   * Stops keeping a projection and drops its tables and records, once any build of it started
   * here has ended. Idempotent: a projection not registered here is dropped all the same.
   */
  async remove(def: ProjectionDefinition): Promise<void> {
    this.registry.unregister(def.name);
    await this.background.get(def.name);
    this.current.delete(def.name);
    this.failures.delete(def.name);
    await this.rebuilder.drop(def);
  }

  /**
   * Whether readers may use a projection's live tables: built, and by its current code. If not,
   * how its build is going (null until one is recorded).
   */
  async readiness(name: string): Promise<{ ready: boolean; build: BuildStatus | null }> {
    const def = this.registry.get(name);
    if (this.current.has(name)) return { ready: true, build: null };
    const { rows } = await this.pool.query<{ definition_version: number }>(
      'select definition_version from projections where name = $1',
      [name],
    );
    if (rows[0] && rows[0].definition_version >= def.version) {
      this.current.add(name);
      return { ready: true, build: null };
    }
    const build = (await this.buildsInProgress()).get(name);
    const running = this.background.has(name);
    const error = this.failures.get(name) ?? null;
    return {
      ready: false,
      build:
        build || running || error
          ? { ...(build ?? notYetRecorded(0)), running: !!build?.running || running, error }
          : null,
    };
  }

  /** Starts `work` unless a build of `name` already runs; resolves when that build has ended. */
  private inBackground(name: string, work: () => Promise<void>): Promise<void> {
    const running = this.background.get(name);
    if (running) return running;
    this.failures.delete(name);
    const build = work()
      .catch((error: Error) => {
        this.failures.set(name, error.message);
        this.log(`building projection ${name} failed: ${error.message}`);
      })
      .finally(() => this.background.delete(name));
    this.background.set(name, build);
    return build;
  }

  /** Where the live build of a projection has read the log up to; null while it is not built. */
  async checkpoint(name: string): Promise<LogPosition | null> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `select c.transaction_id::text, c.global_position
       from projections p join projection_checkpoints c on c.name = p.name and c.version = p.active_version
       where p.name = $1`,
      [name],
    );
    const row = rows[0];
    return row
      ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) }
      : null;
  }

  /** Version, lag and any build in progress of every projection. */
  async status(): Promise<ProjectionStatus[]> {
    const [active, builds] = await Promise.all([this.activeBuilds(), this.buildsInProgress()]);
    return Promise.all(
      this.registry.all.map(async (def) => {
        const live = active.get(def.name);
        const lag =
          def.mode === 'inline' || !live ? 0 : await this.pendingEvents(def, live.position);
        const running = this.background.has(def.name);
        const error = this.failures.get(def.name) ?? null;
        // Started here but not yet recorded (or failed before it was): still worth showing.
        const build =
          builds.get(def.name) ??
          (running || error ? notYetRecorded((live?.version ?? 0) + 1) : null);
        return {
          name: def.name,
          mode: def.mode,
          activeVersion: live?.version ?? 0,
          outdated: !!live && live.definitionVersion < def.version,
          lag,
          build: build ? { ...build, running: build.running || running, error } : null,
        };
      }),
    );
  }

  private async activeBuilds() {
    const { rows } = await this.pool.query<{
      name: string;
      active_version: number;
      definition_version: number;
      transaction_id: string;
      global_position: string;
    }>(
      `select p.name, p.active_version, p.definition_version, c.transaction_id::text, c.global_position
       from projections p join projection_checkpoints c on c.name = p.name and c.version = p.active_version`,
    );
    return new Map(
      rows.map((r) => [
        r.name,
        {
          version: r.active_version,
          definitionVersion: r.definition_version,
          position: { transactionId: r.transaction_id, globalPosition: Number(r.global_position) },
        },
      ]),
    );
  }

  private async buildsInProgress() {
    const { rows } = await this.pool.query<{
      name: string;
      version: number;
      processed: string;
      build_total: string;
      build_started_with: string;
      seconds: number;
      running: boolean;
    }>(
      `select c.name, c.version, c.processed + c.build_unflushed as processed, c.build_total,
         c.build_started_with,
         extract(epoch from c.updated_at - c.build_started_at)::float8 as seconds,
         c.updated_at > now() - make_interval(secs => $1) as running
       from projection_checkpoints c left join projections p on p.name = c.name
       where c.version > coalesce(p.active_version, 0)`,
      [BUILD_STALE_SECONDS],
    );
    return new Map(
      rows.map((r) => {
        const processed = Number(r.processed);
        const total = Math.max(Number(r.build_total), processed);
        return [
          r.name,
          {
            version: r.version,
            processed,
            total,
            ...buildRate(processed, Number(r.build_started_with), total, r.seconds),
            running: r.running,
          },
        ];
      }),
    );
  }

  /** Committed events an async projection has still to apply (capped). */
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
}

function notYetRecorded(version: number): Omit<BuildStatus, 'error'> {
  return { version, processed: 0, total: 0, eventsPerSecond: 0, secondsLeft: null, running: false };
}
