import type { Request, Response } from 'express';

/** A JSON answer rendered once, as text and gzipped, for every caller who asks for it. */
export interface PrecompressedJson {
  json: Buffer;
  gzipped: Buffer;
  /** Names the JSON's content (a hash of it), so equal answers share it in every app process. */
  tag: string;
}

/**
 * Sends the gzipped bytes to clients that take gzip and the text to the rest; compressing
 * per request would cost more than rendering. The compression middleware leaves an answer
 * that already names its encoding alone. Each encoding is its own byte sequence, so each has
 * its own strong ETag; a client that sends back the tag of what it holds gets `304 Not
 * Modified` and no body while the answer is the same.
 */
export function sendPrecompressedJson(
  req: Request,
  res: Response,
  answer: PrecompressedJson,
): void {
  const gzipped = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.vary('Accept-Encoding');
  const etag = `"${answer.tag}${gzipped ? '-gzip' : ''}"`;
  res.setHeader('ETag', etag);
  if (holdsCurrent(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.send(gzipped ? answer.gzipped : answer.json);
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for it). Express's
 * `req.fresh` is not used: it answers in full whenever the request says `Cache-Control:
 * no-cache`, and `fetch` adds that to every request whose script sets `If-None-Match` itself.
 */
export function holdsCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
