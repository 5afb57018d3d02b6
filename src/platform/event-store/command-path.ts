import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import { ConcurrencyError } from './event-store.errors.js';
import type {
  AppendArgs,
  AppendOptions,
  AppendResult,
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
} from './event-store.types.js';

/** The part of the event store a command needs: read one stream, append to it. */
export interface EventStreams {
  readStream(
    streamId: string,
    options?: { personalData?: boolean; db?: Queryable },
  ): Promise<RecordedEvent[]>;
  append(...args: AppendArgs): Promise<AppendResult>;
}

/**
 * How a stream's events change its state (the fold half of a module's decider): its `evolve`
 * from its initial state, or a fold of its own where building the state in place keeps a long
 * stream from costing the square of its length.
 */
export type StreamFold<Event, State> =
  | { evolve(state: State, event: Event): State; initialState: State }
  | { fold(events: readonly Event[]): State };

export function foldStream<Event, State>(
  fold: StreamFold<Event, State>,
  events: readonly Event[],
): State {
  return 'fold' in fold ? fold.fold(events) : events.reduce(fold.evolve, fold.initialState);
}

export interface LoadedStream<State> {
  state: State;
  /** The stream's version as read; 0 for a stream with no events. */
  version: number;
  events: RecordedEvent[];
}

export interface CommandOptions<State> {
  /**
   * The version the caller saw (a newer stream is a ConcurrencyError, HTTP 409), or how to pick
   * it from what was loaded. Without one the command applies to the stream as it is now.
   */
  expectedVersion?: ExpectedVersion | ((loaded: LoadedStream<State>) => ExpectedVersion);
  /** How often a command without an expected version decides again after losing a race. */
  attempts?: number;
  personalData?: boolean;
  transaction?: pg.PoolClient;
  append: AppendOptions;
  toNewEvent?: (event: unknown, index: number) => NewEvent;
}

export interface CommandResult<Event, State> extends LoadedStream<State> {
  /** What the decision caused; none when nothing needed to happen (nothing was appended). */
  decided: Event[];
  /** The stream's version after the append (the loaded version when nothing was appended). */
  nextVersion: number;
}

/** Bounded tries for a command decided on the latest state. */
export const LATEST_STATE_ATTEMPTS = 5;

export async function loadStream<Event, State>(
  store: EventStreams,
  streamId: string,
  fold: StreamFold<Event, State>,
  options: { personalData?: boolean; db?: Queryable } = {},
): Promise<LoadedStream<State>> {
  const events = await store.readStream(streamId, options);
  return {
    state: foldStream(fold, events as unknown as Event[]),
    version: events.at(-1)?.streamVersion ?? 0,
    events,
  };
}

/**
 * The one command path of the event-sourced modules: load the stream, fold it, decide, append at
 * the expected version. When the caller named no version, a write that slipped in between the
 * read and the append makes the command decide again on the newer stream, a bounded number of
 * times; a version the caller named is never retried, so a stale view stays a 409.
 */
export async function handleCommand<Event, State>(
  store: EventStreams,
  streamId: string,
  fold: StreamFold<Event, State>,
  decide: (state: State, loaded: LoadedStream<State>) => Event[],
  options: CommandOptions<State>,
): Promise<CommandResult<Event, State>> {
  const attempts = options.expectedVersion === undefined ? (options.attempts ?? 1) : 1;
  return retryOnConflict(attempts, async () => {
    const loaded = await loadStream(store, streamId, fold, {
      personalData: options.personalData,
      db: options.transaction,
    });
    const decided = decide(loaded.state, loaded);
    if (decided.length === 0) return { ...loaded, decided, nextVersion: loaded.version };
    const expected =
      typeof options.expectedVersion === 'function'
        ? options.expectedVersion(loaded)
        : (options.expectedVersion ?? loaded.version);
    const toNewEvent = options.toNewEvent ?? ((event) => event as NewEvent);
    const { nextVersion } = await store.append(
      streamId,
      expected,
      decided.map(toNewEvent),
      options.append,
      options.transaction,
    );
    return { ...loaded, decided, nextVersion };
  });
}

/** Runs `work` again, up to `attempts` times in all, while it fails on a version conflict. */
export async function retryOnConflict<T>(
  attempts: number,
  work: () => Promise<T>,
  isConflict: (error: unknown) => boolean | Promise<boolean> = (error) =>
    error instanceof ConcurrencyError,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !(await isConflict(error))) throw error;
    }
  }
}
