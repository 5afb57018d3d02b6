import type { Request } from 'express';
import { LIVE_STREAM_PATH } from '#src/contract/live.js';
import { readCookie } from './cookies.js';

/**
 * An EventSource cannot send the bearer header, so the live stream alone also reads the session
 * token from this cookie: httpOnly, same-site only, and sent on no other path
 * (docs/decisions/0112-live-stream.md).
 */
export const LIVE_STREAM_COOKIE = 'kk_live';

/** The session token of the live stream's cookie, on a GET of the stream itself; else null. */
export function liveStreamToken(request: Request): string | null {
  if (request.method !== 'GET' || request.path !== LIVE_STREAM_PATH) return null;
  return readCookie(request.headers.cookie, LIVE_STREAM_COOKIE);
}
