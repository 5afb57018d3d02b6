import { HttpException } from '@nestjs/common';
import pg from 'pg';
import {
  ConcurrencyError,
  RequirementChangedError,
  StreamNotFoundError,
} from '#src/platform/event-store/event-store.errors.js';
import { Refusal } from '#src/platform/domain/refusal.js';

/** Small and fast, deterministic for a seed: the histories must be reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Delays each statement by a random moment before it is sent (in order, per connection), longer
 * inside a transaction, so that concurrent commands interleave their statements in many more
 * ways than a quiet machine would show. Returns a function that restores the client.
 */
export function jitterQueries(random: () => number, maxMs: { outside: number; inside: number }) {
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const send = proto.query;
  const turns = new WeakMap<pg.Client, Promise<void>>();
  const inTransaction = new WeakSet<pg.Client>();
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [{ submit?: unknown; text?: string } | string];
    if (typeof config === 'object' && typeof config.submit === 'function') {
      return send.apply(this, args);
    }
    const text = (typeof config === 'string' ? config : (config.text ?? '')).trim().toLowerCase();
    if (text.startsWith('begin')) inTransaction.add(this);
    const delay = random() * (inTransaction.has(this) ? maxMs.inside : maxMs.outside);
    if (text === 'commit' || text === 'rollback') inTransaction.delete(this);
    const turn = (turns.get(this) ?? Promise.resolve()).then(
      () => new Promise<void>((resolve) => setTimeout(resolve, delay)),
    );
    turns.set(this, turn);
    if (args.some((arg) => typeof arg === 'function')) {
      void turn.then(() => send.apply(this, args));
      return undefined;
    }
    return turn.then(() => send.apply(this, args));
  };
  return () => {
    proto.query = send;
  };
}

/** Refusals a history may run into; anything else is a defect. */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof ConcurrencyError ||
    error instanceof RequirementChangedError ||
    error instanceof StreamNotFoundError ||
    error instanceof Refusal ||
    (error instanceof HttpException && error.getStatus() < 500)
  );
}
