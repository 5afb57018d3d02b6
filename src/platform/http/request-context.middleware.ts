import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { PUBLIC_ACTOR, RequestContext } from './request-context.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Gives every request an id (X-Request-Id, or a new one) and an actor context for events. */
export function requestContextMiddleware(hashSalt: Buffer) {
  // Made once: given raw bytes, every HMAC would build its own key object first.
  const saltKey = createSecretKey(hashSalt);
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (req as Request & { id: string }).id = requestId;
    res.setHeader('X-Request-Id', requestId);
    const ipHash = createHmac('sha256', saltKey)
      .update(req.ip ?? '')
      .digest('base64url')
      .slice(0, 22);
    RequestContext.run({ requestId, actor: { ...PUBLIC_ACTOR }, ipHash }, () => next());
  };
}
