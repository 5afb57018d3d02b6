import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { LIVE_EVENTS } from '#src/contract/live.js';
import { LEAD_STATS_PROJECTION } from '#src/modules/leads/index.js';
import { DATABASE_URL } from '#src/platform/database/database.module.js';
import { EVENTS_CHANNEL, EventStore } from '#src/platform/event-store/event-store.js';
import {
  isAfterPosition,
  type LogPosition,
  type RecordedEvent,
} from '#src/platform/event-store/event-store.types.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { WorkLoop } from '#src/platform/scheduling/work-loop.js';
import { changeOf, LIVE_EVENT_TYPES, positionId, positionOf, sseMessage } from './live-notices.js';

/** One SSE message, written once for every stream; `position` is null for one without an id. */
export interface LiveFrame {
  position: LogPosition | null;
  text: string;
}

/** An open stream, as the feed sees it. */
export interface LiveSubscriber {
  deliver(frames: readonly LiveFrame[]): void;
  /** Ends the stream (the instance stops): the client reconnects, to another instance. */
  close(): void;
}

/** The safety net when a NOTIFY is lost; the announcer wakes the feed within 50 ms of a commit. */
const POLL_MS = 1000;
const LISTEN_RETRY_MS = 5000;
const PAGE_SIZE = 500;
/** A resume from further back than this asks the client to load everything again instead. */
export const RESUME_LIMIT = 200;
/** How often the Overview's async totals are looked at while a change waits for them. */
const STATS_CHECK_MS = 100;

/**
 * Follows the log for the open live streams of this process: woken by the event store's
 * NOTIFY (sent by whichever instance appended), it reads the new events of the board's and
 * conversations' types in commit-safe order and hands each stream the same notices. Those read
 * models are inline, so a committed event is already in them; the Overview's totals are async,
 * so their notice waits for that projection's checkpoint (docs/decisions/0112-live-stream.md).
 */
@Injectable()
export class LiveFeed implements OnApplicationShutdown {
  private readonly logger = new Logger('LiveFeed');
  private readonly subscribers = new Set<LiveSubscriber>();
  private readonly loop = new WorkLoop(() => this.readNew(), POLL_MS);
  private statsTypes: ReadonlySet<string> = new Set();
  private listener: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private position: LogPosition | null = null;
  /** The newest change the Overview's totals have not caught up with yet. */
  private statsPending: LogPosition | null = null;
  private statsTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionManager,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  get openStreams(): number {
    return this.subscribers.size;
  }

  /**
   * Adds a stream; from now on it is handed every new notice. Answers the unsubscribe and the
   * feed's position: every change up to there was told before the stream joined.
   */
  async subscribe(
    subscriber: LiveSubscriber,
  ): Promise<{ unsubscribe: () => void; head: LogPosition }> {
    await this.start();
    this.subscribers.add(subscriber);
    return { unsubscribe: () => this.subscribers.delete(subscriber), head: this.position! };
  }

  /**
   * The notices after `after`, read from the log, for a stream that reconnects (to this
   * instance or another: positions are the log's). `complete` is false when there were more.
   */
  async missed(after: LogPosition): Promise<{ frames: LiveFrame[]; complete: boolean }> {
    const { events } = await this.eventStore.readPage(after, RESUME_LIMIT, {
      types: LIVE_EVENT_TYPES,
      personalData: false,
    });
    return { frames: events.map(changeFrame), complete: events.length < RESUME_LIMIT };
  }

  /**
   * Whether every committed change has been handed to the open streams and no totals notice
   * waits: a stream that joins now is told only what is appended after it.
   */
  async caughtUp(): Promise<boolean> {
    if (!this.position || this.statsPending) return false;
    return !isAfterPosition(await this.eventStore.headPosition(), this.position);
  }

  /** Ends every open stream (the instance drains or stops). */
  closeAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.closeAll();
    if (this.statsTimer) clearTimeout(this.statsTimer);
    await this.starting?.catch(() => undefined);
    await this.loop.stop();
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /** Starts following the log with the first stream: before that, nobody needs it. */
  private start(): Promise<void> {
    this.starting ??= (async () => {
      const stats = this.projections.projections.find((d) => d.name === LEAD_STATS_PROJECTION);
      this.statsTypes = new Set(stats?.handles ?? []);
      this.position = await this.eventStore.headPosition();
      await this.listen().catch((error: Error) =>
        this.logger.warn(`live feed cannot LISTEN (${error.message}); polling`),
      );
      this.loop.start();
    })().catch((error: Error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const listener = new pg.Client({ connectionString: this.databaseUrl });
    this.listener = listener;
    listener.on('notification', () => this.loop.wake());
    listener.on('error', (error) => {
      this.logger.warn(`live feed listener lost (${error.message}); polling until it reconnects`);
      void listener.end().catch(() => undefined);
      if (this.listener === listener) this.listener = null;
      setTimeout(() => void this.listen().catch(() => undefined), LISTEN_RETRY_MS).unref();
    });
    await listener.connect();
    await listener.query(`listen ${EVENTS_CHANNEL}`);
  }

  private async readNew(): Promise<void> {
    if (this.subscribers.size === 0 || !this.position) return;
    try {
      const page = await this.eventStore.readPage(this.position, PAGE_SIZE, {
        types: LIVE_EVENT_TYPES,
        personalData: false,
      });
      if (isAfterPosition(page.searchedTo, this.position)) this.position = page.searchedTo;
      if (page.events.length === 0) return;
      this.broadcast(page.events.map(changeFrame));
      const forStats = page.events.filter((event) => this.statsTypes.has(event.type));
      if (forStats.length > 0) this.awaitStats(positionOf(forStats[forStats.length - 1]));
      if (page.events.length === PAGE_SIZE) this.loop.wake();
    } catch (error) {
      this.logger.warn(`live feed read failed: ${(error as Error).message}`);
    }
  }

  private broadcast(frames: readonly LiveFrame[]): void {
    for (const subscriber of this.subscribers) subscriber.deliver(frames);
  }

  private awaitStats(position: LogPosition): void {
    this.statsPending = position;
    this.statsTimer ??= setTimeout(() => void this.checkStats(), STATS_CHECK_MS);
  }

  private async checkStats(): Promise<void> {
    try {
      const pending = this.statsPending;
      if (!pending || this.subscribers.size === 0) {
        this.statsPending = null;
        return;
      }
      const checkpoint = await this.projections.checkpoint(LEAD_STATS_PROJECTION);
      if (checkpoint && !isAfterPosition(pending, checkpoint)) {
        if (this.statsPending === pending) this.statsPending = null;
        this.broadcast([{ position: null, text: sseMessage(LIVE_EVENTS.stats, {}) }]);
      }
    } catch (error) {
      this.logger.warn(`live feed stats check failed: ${(error as Error).message}`);
    } finally {
      this.statsTimer = null;
      if (this.statsPending && !this.stopped) this.awaitStats(this.statsPending);
    }
  }
}

function changeFrame(event: RecordedEvent): LiveFrame {
  const position = positionOf(event);
  return {
    position,
    text: sseMessage(LIVE_EVENTS.change, changeOf(event), positionId(position)),
  };
}
