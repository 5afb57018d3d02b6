import type pg from 'pg';
import { inTransaction, type Queryable } from '#src/platform/database/queryable.js';
import { AppendAnnouncer } from './append-announcer.js';
import { AppendWriter } from './append-writer.js';
import type { InlineEventHandler } from './inline-handlers.js';
import { type EventMetadataProvider, SYSTEM_METADATA } from './event-metadata.js';
import { EventReader } from './event-reader.js';
import type {
  AppendArgs,
  AppendRequest,
  AppendResult,
  LogPosition,
  RecordedEvent,
} from './event-store.types.js';
import type { PersonalDataVault } from './personal-data-vault.js';
import type { EventTypeRegistry } from './event-types.js';
import type { UpcasterRegistry } from './upcasters.js';

export { EVENTS_CHANNEL } from './event-store.sql.js';
export type { InlineEventHandler } from './inline-handlers.js';

/**
 * The append-only event log: optimistic concurrency per stream, idempotent retries by event id,
 * commit-order-safe global reads, personal data encrypted per data subject. Appends outside a
 * caller's transaction are group-committed: concurrent ones share a transaction.
 *
 * A facade: appends go to the `AppendWriter`, reads to the `EventReader`, wake-ups of async
 * readers to the `AppendAnnouncer`; the SQL is in `event-store.sql.ts`.
 */
export class EventStore {
  private readonly announcer: AppendAnnouncer;
  private readonly writer: AppendWriter;
  private readonly reader: EventReader;

  constructor(
    private readonly pool: pg.Pool,
    private readonly vault: PersonalDataVault,
    upcasters: UpcasterRegistry,
    /** Who appends; without one, every append is the system's (tools and tests of the log). */
    metadata: EventMetadataProvider = SYSTEM_METADATA,
    /** The event types the app appends; without it any type and shape is stored. */
    eventTypes?: EventTypeRegistry,
  ) {
    this.announcer = new AppendAnnouncer(pool);
    this.writer = new AppendWriter(pool, vault, upcasters, metadata, this.announcer, eventTypes);
    this.reader = new EventReader(pool, vault, upcasters);
  }

  registerInlineHandler(handles: readonly string[], handle: InlineEventHandler): void {
    this.writer.registerInlineHandler(handles, handle);
  }

  /**
   * Calls `listener` in this process after a group-committed batch stored new events: a prompt
   * wake-up for workers that follow a table written inline. Appends in a caller's transaction,
   * and those of other processes, are not announced here, so such workers poll as well.
   */
  onCommitted(listener: () => void): void {
    this.writer.onCommitted(listener);
  }

  get personalData(): PersonalDataVault {
    return this.vault;
  }

  /**
   * Appends events to a stream if its version is still `expectedVersion` (and, with
   * `options.requires`, another stream is still at the version given). One statement checks and
   * bumps the versions and inserts the events; inline projections run in the same transaction.
   * Pass `transaction` to take part in a caller's transaction.
   */
  append(...args: AppendArgs): Promise<AppendResult> {
    return this.writer.append(...args);
  }

  /**
   * Appends to several streams in one statement, inside the caller's transaction (an inline
   * handler's `db`). Each append is checked on its own, as `append` does.
   */
  appendAll(requests: AppendRequest[], transaction: Queryable): Promise<AppendResult[]> {
    return this.writer.appendAll(requests, transaction);
  }

  /**
   * A stream's events in order. Personal data comes decrypted (the subject keys ride along in the
   * same round trip), unless `personalData` is false: then it is null, and no key is touched.
   * Reads of whole streams that arrive together share one query. Inside a transaction, pass
   * its client as `db`: waiting for a second connection while holding one can exhaust the pool.
   */
  readStream(
    streamId: string,
    options: { personalData?: boolean; db?: Queryable } = {},
  ): Promise<RecordedEvent[]> {
    return this.reader.readStream(streamId, options);
  }

  streamVersion(streamId: string, db?: Queryable): Promise<number> {
    return this.reader.streamVersion(streamId, db);
  }

  /**
   * Reads committed events after `after` in commit-safe order. Events of transactions still in
   * flight (even with lower positions) are held back until they end, so none is ever skipped.
   */
  readAll(
    after: LogPosition,
    batchSize = 1000,
    options: {
      types?: readonly string[];
      personalData?: boolean;
      db?: Queryable;
      /** Only while appends are locked out: every visible event is then committed. */
      includeRecent?: boolean;
    } = {},
  ): Promise<RecordedEvent[]> {
    return this.reader.readAll(after, batchSize, options);
  }

  /**
   * Like `readAll` (commit-safe, without `includeRecent`), and also the position up to which the
   * log was searched: past the last event returned, or, when the page is not full, the newest
   * commit-safe event of any type seen by the same statement. A reader of a few types may move
   * its checkpoint there instead of searching the same tail of other types again.
   */
  readPage(
    after: LogPosition,
    batchSize: number,
    options: { types?: readonly string[]; personalData?: boolean; db?: Queryable } = {},
  ): Promise<{ events: RecordedEvent[]; searchedTo: LogPosition }> {
    return this.reader.readPage(after, batchSize, options);
  }

  /** The position just past the newest event every reader can see now. */
  headPosition(): Promise<LogPosition> {
    return this.reader.headPosition();
  }

  inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  /** Resolves once every append asked for is settled and no wake-up query is in flight. */
  async drain(): Promise<void> {
    await this.writer.idle();
    await this.announcer.drain();
  }
}
