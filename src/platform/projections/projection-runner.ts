import type pg from 'pg';
import type { EventStore } from '#src/platform/event-store/event-store.js';
import { EVENTS_CHANNEL } from '#src/platform/event-store/event-store.js';
import { isAfterPosition } from '#src/platform/event-store/event-store.types.js';
import { applyBatch, readCheckpoint } from './projection-checkpoints.js';
import type { ProjectionRegistry } from './projection-registry.js';
import { liveTables } from './projection-tables.js';
import type { ProjectionDefinition } from './projection.types.js';

export const RUNNER_BATCH_SIZE = 5000;
const POLL_INTERVAL_MS = 1000;
const RERUN_DELAY_MS = 100;
const LISTEN_RETRY_MS = 5000;

/**
 * Keeps the async projections' active builds caught up with the log: one batch per projection at
 * a time under an advisory lock, checkpoints moved by compare-and-set with the writes, woken by
 * LISTEN with polling as the safety net.
 */
export class ProjectionRunner {
  private listener: pg.Client | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;

  constructor(
    private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
    private readonly registry: ProjectionRegistry,
    private readonly log: (message: string) => void,
    private readonly listenerFactory?: () => pg.Client,
  ) {}

  /** Starts running; returns once the listener is connected. */
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
    for (const def of this.registry.async) {
      try {
        while ((await this.runBatch(def)) === RUNNER_BATCH_SIZE) {
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
      const { rows } = await client.query<{ active_version: number; outdated: boolean }>(
        'select active_version, definition_version < $2 as outdated from projections where name = $1',
        [def.name, def.version],
      );
      // Not built yet (a report nobody has asked for, a build still running), or built by older
      // code: this code may expect other tables, so the old build stays as it was until the new
      // one, which catches up by itself, replaces it.
      if (!rows[0] || rows[0].outdated) {
        await client.query('rollback');
        return 0;
      }
      const version = rows[0].active_version;
      const { position } = await readCheckpoint(client, def.name, version);
      const { events, searchedTo } = await this.eventStore.readPage(position, RUNNER_BATCH_SIZE, {
        types: def.handles,
        personalData: def.needsPersonalData,
        db: client,
      });
      // Past the events of other types too, so the next wake-up does not search them again.
      if (isAfterPosition(searchedTo, position)) {
        await applyBatch({ def, tables: liveTables(def), version }, position, events, client, {
          to: searchedTo,
          inOpenTransaction: true,
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
}
