import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { isDatabaseUnavailable, isPoolExhausted } from '#src/platform/database/database-waits.js';
import {
  inTransaction,
  pipelines,
  type Queryable,
  sendTogether,
} from '#src/platform/database/queryable.js';
import type { AppendAnnouncer } from './append-announcer.js';
import {
  concurrencyError,
  findDuplicate,
  type Outcome,
  type PendingAppend,
  storedAppends,
} from './append-outcomes.js';
import type { EventMetadataProvider } from './event-metadata.js';
import { RequirementChangedError } from './event-store.errors.js';
import {
  type AppendedRow,
  appendStatement,
  type EventInsertRow,
  STREAM_VERSION,
  type StreamAppendRow,
} from './event-store.sql.js';
import type {
  AppendArgs,
  AppendRequest,
  AppendResult,
  InlineEvent,
  JsonObject,
  NewEvent,
} from './event-store.types.js';
import { GroupCommitQueue } from './group-commit-queue.js';
import { type InlineEventHandler, InlineHandlers } from './inline-handlers.js';
import { readKeys, sealingKeys, type SubjectKey } from './sealing-keys.js';
import { PERSONAL_DATA_FIELD, type PersonalDataVault } from './personal-data-vault.js';
import type { EventTypeRegistry } from './event-types.js';
import type { UpcasterRegistry } from './upcasters.js';

interface QueuedAppend extends PendingAppend {
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** An event of an append with everything the statement and the inline projections need. */
interface EventToWrite {
  append: PendingAppend;
  event: NewEvent;
  row: EventInsertRow;
}

/**
 * Two batches in flight: the database runs one while the app builds the next. Each starts on the
 * next turn of the event loop with every append that arrived until then. Measured on 2 cores, quote
 * intake went from 40-42 % of its framework floor with one batch to 51 % with two
 * (docs/decisions/0063-quote-intake-batches-overlap.md).
 */
const MAX_CONCURRENT_BATCHES = 2;
const MAX_BATCH_SIZE = 64;

/**
 * Writes appends: in a caller's transaction, or group-committed (concurrent appends to different
 * streams share one transaction). Seals personal data, runs the inline projections in the same
 * transaction, and settles each append on its own: an append that fails its check never fails
 * its neighbours, and one whose commit answer was lost is settled by its event ids.
 */
export class AppendWriter {
  private readonly inline = new InlineHandlers();
  private committedListeners: (() => void)[] = [];
  private readonly queue = new GroupCommitQueue<QueuedAppend>(
    (batch) => this.commitBatch(batch),
    (append) => append.streamId,
    { maxBatches: MAX_CONCURRENT_BATCHES, maxSize: MAX_BATCH_SIZE },
  );

  constructor(
    private readonly pool: pg.Pool,
    private readonly vault: PersonalDataVault,
    private readonly upcasters: UpcasterRegistry,
    private readonly metadata: EventMetadataProvider,
    private readonly announcer: AppendAnnouncer,
    /** Without one (tools and tests of the log itself), any type and shape is stored. */
    private readonly eventTypes?: EventTypeRegistry,
  ) {}

  registerInlineHandler(handles: readonly string[], handle: InlineEventHandler): void {
    this.inline.register(handles, handle);
  }

  /** Called after each group-committed batch that stored something new. */
  onCommitted(listener: () => void): void {
    this.committedListeners.push(listener);
  }

  append(
    ...[streamId, expectedVersion, events, options, transaction]: AppendArgs
  ): Promise<AppendResult> {
    let append: PendingAppend;
    try {
      append = this.pending({ streamId, expectedVersion, events, options });
    } catch (error) {
      return Promise.reject(error);
    }
    if (transaction) return this.appendWithin(append, transaction);
    return new Promise((resolve, reject) => this.queue.push({ ...append, resolve, reject }));
  }

  /**
   * Appends to several streams in the caller's transaction: one statement writes them all and the
   * inline projections see them together, so a policy that reacts to a batch of events costs a few
   * round trips, not a few per event. Each append is checked and settled on its own.
   */
  async appendAll(requests: AppendRequest[], transaction: Queryable): Promise<AppendResult[]> {
    const appends = requests.map((request) => this.pending(request));
    if (appends.length === 0) return [];
    const outcomes = await this.write(appends, transaction, true);
    const results: AppendResult[] = [];
    for (const [i, append] of appends.entries()) {
      const outcome = outcomes[i];
      if (outcome.kind === 'stored') {
        results.push(outcome.result);
        continue;
      }
      const next = await this.afterFailure(append, transaction);
      results.push(next === 'again' ? await this.appendWithin(append, transaction) : next);
    }
    return results;
  }

  private pending({ streamId, expectedVersion, events, options }: AppendRequest): PendingAppend {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (!options.subjectId && events.some((event) => event.personalData)) {
      throw new Error('events carry personal data but no subjectId was given');
    }
    if (this.eventTypes) {
      for (const event of events) {
        const current = this.upcasters.currentVersion(event.type);
        // An event replayed in an older schema was checked when it was first written; one under
        // a type's old name (an instance still on the older code, mid-deploy) is checked against
        // the declaration of the name it is read under.
        if ((event.schemaVersion ?? current) === current) {
          this.eventTypes.check({ ...event, type: this.upcasters.currentType(event.type) });
        }
      }
    }
    return {
      streamId,
      streamType: options.streamType,
      expectedVersion,
      events,
      // Lower case, as PostgreSQL answers uuids: the answer is matched on them.
      eventIds: events.map((event) => (event.eventId ?? randomUUID()).toLowerCase()),
      retryable: events.some((event) => event.eventId !== undefined),
      subjectId: options.subjectId,
      requires: options.requires,
      metadata: { ...this.metadata.current(), ...options.metadata },
      tries: 1,
    };
  }

  /** Resolves once every append asked for is settled. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async appendWithin(append: PendingAppend, transaction: Queryable): Promise<AppendResult> {
    for (;;) {
      const [outcome] = await this.write([append], transaction, true);
      if (outcome.kind === 'stored') return outcome.result;
      const next = await this.afterFailure(append, transaction);
      if (next !== 'again') return next;
    }
  }

  private async commitBatch(batch: QueuedAppend[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await inTransaction(this.pool, (client) => this.write(batch, client, false), {
        pipelined: true,
      });
    } catch (error) {
      await this.settleFailedBatch(batch, error);
      return;
    }
    if (outcomes.some((o) => o.kind === 'stored' && !o.result.duplicate)) {
      this.announcer.announce();
      for (const listener of this.committedListeners) listener();
    }
    await Promise.all(
      batch.map(async (append, i) => {
        const outcome = outcomes[i];
        if (outcome.kind === 'stored') return append.resolve(outcome.result);
        try {
          const next = await this.afterFailure(append, this.pool);
          if (next === 'again') this.queue.push(append);
          else append.resolve(next);
        } catch (error) {
          append.reject(error);
        }
      }),
    );
  }

  /** A batch whose transaction failed as a whole: find out, append by append, what happened. */
  private async settleFailedBatch(batch: QueuedAppend[], error: unknown): Promise<void> {
    // Without a free connection, each append on its own would only wait out the timeout again.
    if (isPoolExhausted(error)) {
      for (const append of batch) append.reject(error);
      return;
    }
    // A lost connection may have lost only the answer to COMMIT (and a racing retry may have
    // stored the same ids): what is stored is settled by its event ids, never reported as a
    // failure. Their ids may exist from now on, so any further try checks for them.
    const stored = await storedAppends(this.pool, batch).catch(
      () => new Map<QueuedAppend, AppendResult>(),
    );
    if (stored.size > 0) this.announcer.announce();
    const unsettled = batch.filter((append) => {
      append.retryable = true;
      const earlier = stored.get(append);
      if (earlier) append.resolve(earlier);
      return !earlier;
    });
    if (unsettled.length > 1) {
      // One failing append must not fail the others: each goes again on its own.
      for (const append of unsettled) await this.commitBatch([append]);
      return;
    }
    const [append] = unsettled;
    if (!append) return;
    if (isDatabaseUnavailable(error) && append.tries < 3) {
      append.tries++;
      this.queue.push(append);
    } else {
      append.reject(error);
    }
  }

  /** What an append that was not written becomes: an earlier identical one, another try, or an error. */
  private async afterFailure(
    append: PendingAppend,
    db: Queryable,
  ): Promise<AppendResult | 'again'> {
    const { requires } = append;
    if (requires) {
      const { rows } = await db.query<{ version: number }>(STREAM_VERSION, [requires.streamId]);
      if ((rows[0]?.version ?? 0) !== requires.version) {
        throw new RequirementChangedError(requires.streamId, requires.version);
      }
    }
    // Ids generated here just now cannot have been stored before: only a retry can be a duplicate.
    const earlier = append.retryable
      ? await findDuplicate(db, append.streamId, append.eventIds)
      : null;
    if (earlier) return earlier;
    // 'any' loses only when another writer created the stream in the same instant: go again.
    if (append.expectedVersion === 'any' && append.tries < 3) {
      append.tries++;
      return 'again';
    }
    throw await concurrencyError(db, append.streamId, append.expectedVersion);
  }

  /** Writes what can be written of `appends` in the caller's transaction; one outcome each. */
  private async write(
    appends: PendingAppend[],
    db: Queryable,
    notify: boolean,
  ): Promise<Outcome[]> {
    // Retries of appends already stored need no write. Without retries nothing is awaited before
    // the append statement is sent, so it leaves with the transaction's BEGIN.
    const retries = appends.filter((a) => a.retryable);
    const stored = retries.length > 0 ? await storedAppends(db, retries) : new Map();
    const outcomes: (Outcome | undefined)[] = appends.map((append) => {
      const result = stored.get(append);
      return result ? { kind: 'stored', result } : undefined;
    });
    let toWrite = appends.filter((_, i) => outcomes[i] === undefined);
    if (toWrite.length === 0) return outcomes as Outcome[];
    const recorded: InlineEvent[] = [];
    const storedKeys: string[] = [];
    const usedKeys = new Set<string>();
    let inlineDone = false;
    // An append sealed with a key not yet known to be its subject's stored one, and refused, goes
    // once more with the stored key: only that tells a key that did not hold from a stale version.
    for (const keys of ['remembered', 'stored'] as const) {
      const round = await this.writeRound(toWrite, db, notify, keys === 'stored');
      recorded.push(...round.recorded);
      inlineDone = round.inlineDone;
      storedKeys.push(...round.storedKeys);
      const again: PendingAppend[] = [];
      for (const append of toWrite) {
        const outcome = outcomeOf(append, round.written);
        if (outcome.kind === 'stale' && round.unsure.has(append)) again.push(append);
        else outcomes[appends.indexOf(append)] = outcome;
        if (outcome.kind === 'stored' && append.subjectId) usedKeys.add(append.subjectId);
      }
      if (again.length === 0) break;
      this.vault.forget(again.map((append) => append.subjectId!));
      toWrite = again;
    }
    // A key made for an append that lost would belong to no event: it goes with the append.
    const unusedKeys = storedKeys.filter((subject) => !usedKeys.has(subject));
    if (unusedKeys.length > 0) await this.vault.eraseMany(unusedKeys, db);
    if (!inlineDone) await this.inline.apply(recorded, db);
    return outcomes as Outcome[];
  }

  /**
   * One append statement for `appends`. Keys sealed with before they are known to be stored are
   * checked by the statement (`unsure`); new ones are stored by the statement just before it,
   * sent together. On a pipelining connection the inline handlers start in the same round trip
   * when the first try's every stream version is known beforehand (`inlineDone`).
   */
  private async writeRound(
    appends: PendingAppend[],
    db: Queryable,
    notify: boolean,
    storedKeysOnly: boolean,
  ): Promise<{
    written: Map<string, AppendedRow>;
    recorded: InlineEvent[];
    storedKeys: string[];
    unsure: Set<PendingAppend>;
    inlineDone: boolean;
  }> {
    const keys = sealingKeys(this.vault, appends, storedKeysOnly);
    if (keys.toRead.length > 0) await readKeys(this.vault, keys, db);
    const events = this.eventsToWrite(appends, keys.bySubject);
    const storeKeys = () => this.vault.storeNew(keys.created, db);
    const append = () =>
      db.query<AppendedRow>(
        appendStatement(
          appends.map((a) => streamRow(a, keys.bySubject)),
          events.map((e) => e.row),
          notify,
        ),
      );
    const foretold = pipelines(db) && !storedKeysOnly ? this.foretold(events) : null;
    const sent = pipelines(db)
      ? await this.sendEarly(db, foretold, storeKeys, append)
      : { newKeysStored: await storeKeys(), rows: (await append()).rows, inlineDone: false };
    const { newKeysStored, inlineDone } = sent;
    for (const subject of newKeysStored) this.vault.remember(subject, keys.created.get(subject)!);
    const written = new Map(sent.rows.map((row) => [row.event_id, row]));
    return {
      inlineDone,
      written,
      // When the handlers' early run held, every foretold event was written as foretold.
      recorded: inlineDone ? foretold! : this.recorded(events, written),
      storedKeys: [...keys.storedByRead, ...newKeysStored],
      unsure: new Set(
        appends.filter((a) => a.subjectId && keys.bySubject.get(a.subjectId)?.sealedWith),
      ),
    };
  }

  /**
   * Sends the new keys and the append statement, and with them, when every stream version is
   * known beforehand (`foretold`), the inline handlers on the events as they will be written:
   * one round trip where the handlers would otherwise need a second. The handlers' work is kept
   * only if the statement wrote every one of those events; else it is taken back and the caller
   * runs them again on what was written.
   */
  private async sendEarly(
    db: Queryable,
    foretold: InlineEvent[] | null,
    storeKeys: () => Promise<string[]>,
    append: () => Promise<pg.QueryResult<AppendedRow>>,
  ): Promise<{ newKeysStored: string[]; rows: AppendedRow[]; inlineDone: boolean }> {
    let early: Promise<void> | null = null;
    const [keysStored, appended, handled] = await Promise.allSettled(
      sendTogether(db, () => {
        const [keysSent, appendSent] = [storeKeys(), append()];
        early = foretold && this.inline.startEarly(foretold, db);
        return [keysSent, appendSent, early ?? Promise.resolve()] as const;
      }),
    );
    if (keysStored.status === 'rejected') throw keysStored.reason;
    if (appended.status === 'rejected') throw appended.reason;
    const { rows } = appended.value;
    const written = new Set(rows.map((row) => row.event_id));
    const inlineDone =
      foretold !== null &&
      handled.status === 'fulfilled' &&
      foretold.every((event) => written.has(event.eventId));
    if (early && !inlineDone) await this.inline.undo(db);
    return { newKeysStored: keysStored.value, rows, inlineDone };
  }

  /** Each event's row, with personal data sealed under its subject's key. */
  private eventsToWrite(appends: PendingAppend[], keys: Map<string, SubjectKey>): EventToWrite[] {
    const now = new Date();
    return appends.flatMap((append) =>
      append.events.map((event, i): EventToWrite => {
        const data: JsonObject = event.personalData
          ? {
              ...event.data,
              [PERSONAL_DATA_FIELD]: this.vault.seal(
                keys.get(append.subjectId!)!.key,
                append.subjectId!,
                event.personalData,
              ),
            }
          : event.data;
        return {
          append,
          event,
          row: {
            streamId: append.streamId,
            ord: i + 1,
            eventId: append.eventIds[i],
            type: event.type,
            schemaVersion: event.schemaVersion ?? this.upcasters.currentVersion(event.type),
            data,
            metadata: append.metadata,
            occurredAt: event.occurredAt ?? now,
          },
        };
      }),
    );
  }

  /** The events written, as inline handlers see them. */
  private recorded(events: EventToWrite[], written: Map<string, AppendedRow>): InlineEvent[] {
    return events.flatMap((event) => {
      const stored = written.get(event.row.eventId);
      return stored ? [this.inlineEvent(event, stored.stream_version)] : [];
    });
  }

  /**
   * The events as they will be written if every append holds, or null when an append takes its
   * stream's version as it finds it ('any'): only the statement knows those versions.
   */
  private foretold(events: EventToWrite[]): InlineEvent[] | null {
    if (events.some(({ append }) => append.expectedVersion === 'any')) return null;
    return events.map((event) => {
      const expected = event.append.expectedVersion as number | 'no_stream';
      return this.inlineEvent(event, (expected === 'no_stream' ? 0 : expected) + event.row.ord);
    });
  }

  private inlineEvent({ append, event, row }: EventToWrite, streamVersion: number): InlineEvent {
    // An event written in an older schema (a replayed import) reaches inline handlers upcast, as
    // every reader of the log sees it.
    const type = this.upcasters.currentType(event.type);
    const current = this.upcasters.upcast(type, row.schemaVersion, {
      data: event.data,
      personalData: event.personalData,
    });
    return {
      streamId: append.streamId,
      streamVersion,
      eventId: row.eventId,
      type,
      schemaVersion: current.schemaVersion,
      data: current.data,
      personalData: current.personalData,
      metadata: append.metadata,
      occurredAt: row.occurredAt,
    };
  }
}

function streamRow(append: PendingAppend, keys: Map<string, SubjectKey>): StreamAppendRow {
  const { expectedVersion: expected } = append;
  const sealedWith = (append.subjectId && keys.get(append.subjectId)?.sealedWith) || null;
  return {
    streamId: append.streamId,
    streamType: append.streamType,
    expected: expected === 'any' ? null : expected === 'no_stream' ? 0 : expected,
    count: append.events.length,
    requiredStream: append.requires?.streamId ?? null,
    requiredVersion: append.requires?.version ?? null,
    sealedWith,
    subjectId: sealedWith ? append.subjectId! : null,
  };
}

function outcomeOf(append: PendingAppend, written: Map<string, AppendedRow>): Outcome {
  const own = append.eventIds.map((id) => written.get(id));
  if (!own[0]) return { kind: 'stale' };
  return {
    kind: 'stored',
    result: {
      streamId: append.streamId,
      nextVersion: own.at(-1)!.stream_version,
      globalPositions: own.map((row) => Number(row!.global_position)),
      duplicate: false,
    },
  };
}
