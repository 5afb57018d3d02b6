import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStreams } from '#src/platform/event-store/command-path.js';
import {
  ConcurrencyError,
  RequirementChangedError,
} from '#src/platform/event-store/event-store.errors.js';
import type { EventStore } from '#src/platform/event-store/event-store.js';
import type {
  AppendOptions,
  AppendRequest,
  AppendResult,
  EventMetadata,
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
} from '#src/platform/event-store/event-store.types.js';

const TEST_ACTOR: EventMetadata = {
  actorId: null,
  actorName: 'Test',
  actorRole: 'system',
  correlationId: 'test',
  causationId: null,
};

const NO_DATABASE = {
  query: async () => ({ rows: [], rowCount: 0 }),
} as unknown as pg.PoolClient;

/** An event as a module's decider writes it: the type, its data, its personal data apart. */
export interface GivenEvent {
  type: string;
  data: object;
  personalData?: object | null;
}

/**
 * Something else a handler writes in the same transaction as its events (a table stand-in):
 * called as the transaction begins, it answers how to put itself back if the transaction fails.
 */
export type TransactionParticipant = () => () => void;

/**
 * A test double of the event store's stream interface (read one stream, append at an expected
 * version, require another stream's version), kept in memory: command handlers run through the
 * one command path without a database, so their tests say given events, when command, then
 * events or refusal. Personal data is kept per data subject and can be shredded, as the vault
 * does.
 */
export class InMemoryEventStore implements EventStreams {
  private streams = new Map<string, RecordedEvent[]>();
  private position = 0;
  private beforeAppend: (() => void)[] = [];
  /** The data subject each stored event's personal data belongs to. */
  private readonly subjects = new WeakMap<RecordedEvent, string>();
  /** Erased subjects, with the log position at their erasure: what was sealed before is gone. */
  private erasures = new Map<string, number>();
  private readonly participants: TransactionParticipant[] = [];
  /** Writes of other writers (`interleave`): they commit on their own, whatever ours do. */
  private readonly foreignWrites: [string, readonly NewEvent[], EventMetadata, string?][] = [];
  private writingForeign = false;

  /** The vault's erasure: the subject's personal data reads as null from now on. */
  readonly personalData = {
    erase: async (subjectId: string): Promise<void> => {
      this.erasures.set(subjectId, this.position);
    },
  };

  /**
   * Given: these events are already in `streamId`, as another writer left them; their personal
   * data sealed under `subjectId` when one is named.
   */
  given(
    streamId: string,
    events: readonly GivenEvent[],
    actorName = 'Someone',
    subjectId?: string,
  ): this {
    this.store(streamId, events as NewEvent[], { ...TEST_ACTOR, actorName }, subjectId);
    return this;
  }

  /** Has `participant` kept or undone with every transaction of the streams. */
  joinTransactions(participant: TransactionParticipant): void {
    this.participants.push(participant);
  }

  /** Then: whether the subject's personal data was shredded. */
  isErased(subjectId: string): boolean {
    return this.erasures.has(subjectId);
  }

  /**
   * Runs `write` just before the next append: another writer's write that slips in after the
   * command read, and stays when the command's transaction fails.
   */
  interleave(write: () => void): void {
    this.beforeAppend.push(write);
  }

  /** Then: the events of `streamId` from version `after` on, as a decider wrote them. */
  eventsOf(streamId: string, after = 0): GivenEvent[] {
    return (this.streams.get(streamId) ?? [])
      .filter((event) => event.streamVersion > after)
      .map(({ type, data, personalData }) => ({
        type,
        data,
        ...(personalData ? { personalData } : {}),
      }));
  }

  /** Then: every stream that holds an event, so a test can say nothing was appended anywhere. */
  streamIds(): string[] {
    return [...this.streams.keys()];
  }

  /** As the reader answers: personal data null when not asked for or when its subject was erased. */
  async readStream(
    streamId: string,
    { personalData = true }: { personalData?: boolean } = {},
  ): Promise<RecordedEvent[]> {
    return (this.streams.get(streamId) ?? []).map((event) =>
      event.personalData && (!personalData || this.isShredded(event))
        ? { ...event, personalData: null }
        : event,
    );
  }

  async streamVersion(streamId: string): Promise<number> {
    return this.streams.get(streamId)?.at(-1)?.streamVersion ?? 0;
  }

  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const foreign = this.beforeAppend.shift();
    if (foreign) {
      this.writingForeign = true;
      try {
        foreign();
      } finally {
        this.writingForeign = false;
      }
    }
    const stream = this.streams.get(streamId) ?? [];
    const actual = stream.at(-1)?.streamVersion ?? 0;
    const expected = expectedVersion === 'no_stream' ? 0 : expectedVersion;
    if (expected !== 'any' && expected !== actual) {
      const changedBy = stream.at(-1)?.metadata.actorName ?? null;
      throw new ConcurrencyError(streamId, expectedVersion, actual, changedBy);
    }
    const { requires } = options;
    if (requires && (await this.streamVersion(requires.streamId)) !== requires.version) {
      throw new RequirementChangedError(requires.streamId, requires.version);
    }
    const metadata = { ...TEST_ACTOR, ...options.metadata };
    const recorded = this.store(streamId, events, metadata, options.subjectId);
    return {
      streamId,
      nextVersion: recorded.at(-1)?.streamVersion ?? actual,
      globalPositions: recorded.map((event) => event.globalPosition),
      duplicate: false,
    };
  }

  /** Appends to several streams, each checked at its expected version: all are kept or none. */
  async appendAll(requests: AppendRequest[]): Promise<AppendResult[]> {
    return this.atomically(async () => {
      const results: AppendResult[] = [];
      for (const { streamId, expectedVersion, events, options } of requests)
        results.push(await this.append(streamId, expectedVersion, events, options));
      return results;
    });
  }

  /**
   * Runs `work` as one transaction of the streams and their participants: when it throws, they
   * are as they were. There is no database behind it and no other writer to lock out, so the
   * client `work` is given answers every query (the team lock, the erasure ledger) with no rows.
   */
  inTransaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.atomically(() => work(NO_DATABASE));
  }

  /** The repositories take the event store class; of it they use only what this double has. */
  asEventStore(): EventStore {
    return this as unknown as EventStore;
  }

  private async atomically<T>(work: () => Promise<T>): Promise<T> {
    const streams = new Map(this.streams);
    const erasures = new Map(this.erasures);
    const undo = this.participants.map((participant) => participant());
    const foreignBefore = this.foreignWrites.length;
    try {
      return await work();
    } catch (error) {
      this.streams = streams;
      this.erasures = erasures;
      undo.forEach((restore) => restore());
      for (const write of this.foreignWrites.slice(foreignBefore)) this.store(...write);
      throw error;
    }
  }

  private isShredded(event: RecordedEvent): boolean {
    const subject = this.subjects.get(event);
    const erasedAt = subject === undefined ? undefined : this.erasures.get(subject);
    return erasedAt !== undefined && event.globalPosition <= erasedAt;
  }

  private store(
    streamId: string,
    events: readonly NewEvent[],
    metadata: EventMetadata,
    subjectId?: string,
  ): RecordedEvent[] {
    if (this.writingForeign) this.foreignWrites.push([streamId, events, metadata, subjectId]);
    const stream = this.streams.get(streamId) ?? [];
    const recorded = events.map((event, i): RecordedEvent => ({
      globalPosition: ++this.position,
      transactionId: String(this.position),
      streamId,
      streamVersion: (stream.at(-1)?.streamVersion ?? 0) + i + 1,
      eventId: event.eventId ?? randomUUID(),
      type: event.type,
      schemaVersion: event.schemaVersion ?? 1,
      data: structuredClone(event.data),
      personalData: event.personalData ? structuredClone(event.personalData) : undefined,
      metadata,
      occurredAt: event.occurredAt ?? new Date(0),
    }));
    if (subjectId) recorded.forEach((event) => this.subjects.set(event, subjectId));
    this.streams.set(streamId, [...stream, ...recorded]);
    return recorded;
  }
}
