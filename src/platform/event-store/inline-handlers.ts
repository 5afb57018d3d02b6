import { pipelines, type Queryable, sendTogether } from '#src/platform/database/queryable.js';
import type { InlineEvent } from './event-store.types.js';

/** Called inside the appending transaction with the events it writes. */
export type InlineEventHandler = (events: InlineEvent[], db: Queryable) => Promise<void>;

/** Where a batch can go back to when its handlers started on events that were not all written. */
const SAVEPOINT = 'inline_handlers';

/**
 * The handlers that keep tables in step with the log inside each appending transaction. They
 * write tables of their own, so on a pipelining connection they run side by side and their
 * statements share round trips. Every one has ended before `apply` or `startEarly` settles, so
 * none can write after the transaction has ended.
 */
export class InlineHandlers {
  private readonly handlers: { handles: Set<string> | null; handle: InlineEventHandler }[] = [];

  register(handles: readonly string[], handle: InlineEventHandler): void {
    this.handlers.push({ handles: handles.length ? new Set(handles) : null, handle });
  }

  /** Runs the handlers on events the transaction has written. */
  async apply(events: InlineEvent[], db: Queryable): Promise<void> {
    const runs = this.runs(events, db);
    if (!pipelines(db)) {
      for (const run of runs) await run();
      return;
    }
    await allOrFirstFailure(sendTogether(db, () => runs.map((run) => run())));
  }

  /**
   * Starts the handlers on the events a statement just sent is about to write, behind a savepoint
   * and in the same round trip (the caller sends them together). Null when no handler takes any
   * of them. If the statement writes less than this was told, the caller must `undo` it.
   */
  startEarly(events: InlineEvent[], db: Queryable): Promise<void> | null {
    const runs = this.runs(events, db);
    if (runs.length === 0) return null;
    return allOrFirstFailure([db.query(`savepoint ${SAVEPOINT}`), ...runs.map((run) => run())]);
  }

  /** Takes back what `startEarly` wrote; the transaction goes on from before it. */
  async undo(db: Queryable): Promise<void> {
    await db.query(`rollback to savepoint ${SAVEPOINT}`);
  }

  private runs(events: InlineEvent[], db: Queryable): (() => Promise<void>)[] {
    return this.handlers.flatMap(({ handles, handle }) => {
      const own = handles ? events.filter((event) => handles.has(event.type)) : events;
      return own.length > 0 ? [() => handle(own, db)] : [];
    });
  }
}

/** Waits for every promise, then fails with the first failure in their order, if any. */
async function allOrFirstFailure(promises: Promise<unknown>[]): Promise<void> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
