import { setImmediate as yieldToIo } from 'node:timers/promises';
import type pg from 'pg';
import {
  type BackgroundPacer,
  BUSY_RUN_INTERVAL_MS,
} from '#src/platform/scheduling/request-pressure.js';
import { WorkLoop } from '#src/platform/scheduling/work-loop.js';
import type { EventStore } from '#src/platform/event-store/event-store.js';
import { EVENTS_CHANNEL } from '#src/platform/event-store/event-store.js';
import type { LogPosition } from '#src/platform/event-store/event-store.types.js';
import { isAfterPosition } from '#src/platform/event-store/event-store.types.js';
import { applyBatch } from './projection-checkpoints.js';
import type { ProjectionRegistry } from './projection-registry.js';
import { liveTables } from './projection-tables.js';
import type { ProjectionDefinition } from './projection.types.js';
import {
  eventsFor,
  readGroup,
  type RunnerMember,
  shareReads,
  type SharedPage,
} from './shared-read.js';

export const RUNNER_BATCH_SIZE = 5000;
const POLL_INTERVAL_MS = 1000;
const LISTEN_RETRY_MS = 5000;

export interface ProjectionRunnerOptions {
  /** A LISTEN connection of its own (without it the runner only polls). */
  listenerFactory?: () => pg.Client;
  /** Lets requests go first. */
  pacer?: BackgroundPacer;
  /** The safety net's interval when no NOTIFY arrives. */
  pollIntervalMs?: number;
}

/**
 * Keeps the async projections' active builds caught up with the log. Each run is one transaction
 * that locks every projection it can (advisory locks: one instance runs each projection), reads
 * the log once for all projections at the same checkpoint, and gives each the events of its types
 * under its own savepoint, so one failing projection never holds the others back. Checkpoints
 * move by compare-and-set with the writes. Woken by LISTEN, with polling as the safety net; a
 * pacer, when given, lets requests go first.
 */
/** Whether a run waits for the projections another runner holds or leaves them to it. */
type LockMode = 'wait' | 'skip-locked';

export class ProjectionRunner {
  private listener: pg.Client | null = null;
  private readonly loop: WorkLoop;
  private stopped = true;

  constructor(
    private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
    private readonly registry: ProjectionRegistry,
    private readonly log: (message: string) => void,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.loop = new WorkLoop(
      () =>
        this.runUntilCaughtUp('skip-locked').catch((error: Error) =>
          this.log(`projection runner failed: ${error.message}`),
        ),
      options.pollIntervalMs ?? POLL_INTERVAL_MS,
      { pacer: options.pacer, minIntervalMs: BUSY_RUN_INTERVAL_MS },
    );
  }

  /** Starts running; returns once the listener is connected. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /**
   * Runs the async projections until they have caught up with what is committed now. A
   * projection another runner is applying is waited for, not skipped: that runner's read may
   * predate the latest commit.
   */
  catchUp(): Promise<void> {
    return this.runUntilCaughtUp('wait');
  }

  /** The background loop skips what another runner holds: that runner moves it on. */
  private async runUntilCaughtUp(locks: LockMode): Promise<void> {
    const failures = new Map<string, Error>();
    let more = true;
    while (more) {
      const defs = this.registry.async.filter((def) => !failures.has(def.name));
      if (defs.length === 0) break;
      more = await this.runOnce(defs, failures, locks);
    }
    const errors = [...failures].map(
      ([name, error]) => new Error(`${name}: ${error.message}`, { cause: error }),
    );
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1)
      throw new AggregateError(errors, errors.map((e) => e.message).join('; '));
  }

  /** LISTEN for appends; a lost connection is re-opened while polling covers the gap. */
  private async listen(): Promise<void> {
    const { listenerFactory } = this.options;
    if (!listenerFactory || this.stopped) return;
    const listener = listenerFactory();
    this.listener = listener;
    listener.on('notification', () => this.loop.wake());
    listener.on('error', (error) => {
      this.log(`projection listener lost (${error.message}); polling until it reconnects`);
      void listener.end().catch(() => undefined);
      if (this.listener === listener) this.listener = null;
      setTimeout(() => void this.listen().catch(() => undefined), LISTEN_RETRY_MS).unref();
    });
    await listener.connect();
    await listener.query(`listen ${EVENTS_CHANNEL}`);
  }

  /**
   * One transaction: locks and checkpoints, one read per group of projections at the same
   * position, each projection's batch under a savepoint. Answers whether a read filled its page
   * (there is more to read). A projection whose batch failed is noted in `failures`.
   */
  private async runOnce(
    defs: ProjectionDefinition[],
    failures: Map<string, Error>,
    locks: LockMode,
  ): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const groups = shareReads(await this.lockedCheckpoints(client, defs, locks));
      let more = false;
      for (const group of groups) {
        const page = await readGroup(this.eventStore, client, group, RUNNER_BATCH_SIZE);
        more ||= page.full;
        if (!isAfterPosition(page.searchedTo, group.position)) continue;
        for (const member of group.members) {
          await this.applyIsolated(client, member, group.position, page, failures);
          // Lets requests that arrived meanwhile run before the next projection's work.
          await yieldToIo();
        }
      }
      await client.query('commit');
      return more;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The active version and checkpoint of each projection this runner got the lock of. */
  private async lockedCheckpoints(
    client: pg.PoolClient,
    defs: ProjectionDefinition[],
    locks: LockMode,
  ): Promise<RunnerMember[]> {
    // Skipped: not built yet (a first build still running: no row), or
    // built by older code, which this code's tables may not fit: the old build stays as it was
    // until the new one, which catches up by itself, replaces it.
    // The locks first, the checkpoints in a statement of their own: a statement reads as of when
    // it began, so a checkpoint read by the statement that takes the lock can predate the commit
    // of the instance that held the lock until a moment ago, and its events would be applied twice.
    // Waiting runners take the locks one row at a time in name order, so two never deadlock.
    const { rows: locked } = await client.query<{ name: string }>(
      locks === 'wait'
        ? `select name, pg_advisory_xact_lock(hashtext('projection:' || name))
           from unnest($1::text[]) as wanted(name)`
        : `select name from unnest($1::text[]) as wanted(name)
           where pg_try_advisory_xact_lock(hashtext('projection:' || name))`,
      [defs.map((def) => def.name).sort()],
    );
    if (locked.length === 0) return [];
    const lockedNames = new Set(locked.map((row) => row.name));
    const ours = defs.filter((def) => lockedNames.has(def.name));
    const { rows } = await client.query<{
      name: string;
      active_version: number;
      transaction_id: string;
      global_position: string;
    }>(
      `select p.name, p.active_version, c.transaction_id::text, c.global_position
       from unnest($1::text[], $2::int[]) as wanted(name, version)
       join projections p on p.name = wanted.name and p.definition_version >= wanted.version
       join projection_checkpoints c on c.name = p.name and c.version = p.active_version
       order by p.name`,
      [ours.map((def) => def.name), ours.map((def) => def.version)],
    );
    const byName = new Map(defs.map((def) => [def.name, def]));
    return rows.map((row) => ({
      def: byName.get(row.name)!,
      version: row.active_version,
      position: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
    }));
  }

  private async applyIsolated(
    client: pg.PoolClient,
    { def, version }: RunnerMember,
    from: LogPosition,
    page: SharedPage,
    failures: Map<string, Error>,
  ): Promise<void> {
    await client.query('savepoint projection_batch');
    try {
      // Past the events of other types too, so the next run does not search them again.
      await applyBatch(
        { def, tables: liveTables(def), version },
        from,
        eventsFor(def, page.events),
        client,
        {
          to: page.searchedTo,
          inOpenTransaction: true,
        },
      );
      await client.query('release savepoint projection_batch');
    } catch (error) {
      // A lost connection fails the rollback too: then the whole run fails.
      await client.query('rollback to savepoint projection_batch');
      failures.set(def.name, error as Error);
    }
  }
}
