import { createHmac, type KeyObject, randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { PUBLIC_ACTOR } from '#src/platform/domain/actor.js';
import { RequestContext } from './request-context.js';

/**
 * A client's or proxy's request id is kept only in a well-formed shape (a UUID, or 32 hex digits
 * as proxies and trace headers give): it becomes the correlation id of the audit trail.
 */
export const REQUEST_ID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
/** Enough for every client of a busy minute; past it the cache starts over. */
const IP_HASH_CACHE_SIZE = 10_000;

/** Gives every request an id (X-Request-Id, or a new one) and an actor context for events. */
export function requestContextMiddleware(hashSalt: KeyObject) {
  // A client sends many requests in a row; its hash is the same each time.
  const ipHashes = new Map<string, string>();
  const hashIp = (ip: string): string => {
    let hash = ipHashes.get(ip);
    if (hash === undefined) {
      if (ipHashes.size >= IP_HASH_CACHE_SIZE) ipHashes.clear();
      hash = createHmac('sha256', hashSalt).update(ip).digest('base64url').slice(0, 22);
      ipHashes.set(ip, hash);
    }
    return hash;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming.toLowerCase() : randomUUID();
    (req as Request & { id: string }).id = requestId;
    res.setHeader('X-Request-Id', requestId);
    const ipHash = hashIp(req.ip ?? '');
    RequestContext.run({ requestId, actor: { ...PUBLIC_ACTOR }, ipHash }, () => next());
  };
}
