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
 * A test double of the event store's stream interface (read one stream, append at an expected
 * version, require another stream's version), kept in memory: command handlers run through the
 * one command path without a database, so their tests say given events, when command, then
 * events or refusal.
 */
export class InMemoryEventStore implements EventStreams {
  private streams = new Map<string, RecordedEvent[]>();
  private position = 0;
  private beforeAppend: (() => void)[] = [];

  /** Given: these events are already in `streamId`, as another writer left them. */
  given(streamId: string, events: readonly GivenEvent[], actorName = 'Someone'): this {
    this.store(streamId, events as NewEvent[], { ...TEST_ACTOR, actorName });
    return this;
  }

  /** Runs `write` just before the next append: a write that slips in after the command read. */
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

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return [...(this.streams.get(streamId) ?? [])];
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
    this.beforeAppend.shift()?.();
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
    const recorded = this.store(streamId, events, { ...TEST_ACTOR, ...options.metadata });
    return {
      streamId,
      nextVersion: recorded.at(-1)?.streamVersion ?? actual,
      globalPositions: recorded.map((event) => event.globalPosition),
      duplicate: false,
    };
  }

  /**
   * Runs `work` as one transaction of the streams: when it throws, they are as they were. There
   * is no database behind it and no other writer to lock out, so the client `work` is given
   * answers every query (the team lock) with no rows.
   */
  async inTransaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const before = new Map(this.streams);
    try {
      return await work(NO_DATABASE);
    } catch (error) {
      this.streams = before;
      throw error;
    }
  }

  /** The repositories take the event store class; of it they use only what this double has. */
  asEventStore(): EventStore {
    return this as unknown as EventStore;
  }

  private store(streamId: string, events: readonly NewEvent[], metadata: EventMetadata) {
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
    this.streams.set(streamId, [...stream, ...recorded]);
    return recorded;
  }
}
