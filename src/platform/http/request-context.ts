import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type Actor, SYSTEM_ACTOR } from '#src/platform/domain/actor.js';

export interface RequestContextData {
  requestId: string;
  actor: Actor;
  ipHash?: string;
  /** The command or event being handled: the cause of what is appended meanwhile. */
  causationId?: string;
}

const storage = new AsyncLocalStorage<RequestContextData>();

/** Who is acting and on behalf of which request: the source of every event's metadata. */
export const RequestContext = {
  run<T>(data: RequestContextData, fn: () => T): T {
    return storage.run(data, fn);
  },
  current(): RequestContextData | undefined {
    return storage.getStore();
  },
  /**
   * Runs `fn` as the handling of the command or event `causationId`, within the current request
   * (or, from a scheduled job, within a correlation of its own).
   */
  causedBy<T>(causationId: string, fn: () => T): T {
    const outer = storage.getStore() ?? { requestId: randomUUID(), actor: SYSTEM_ACTOR };
    return storage.run({ ...outer, causationId }, fn);
  },
  setActor(actor: Actor): void {
    const store = storage.getStore();
    if (store) store.actor = actor;
  },
};
