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
  res.setHeader('ETag', `"${answer.tag}${gzipped ? '-gzip' : ''}"`);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.send(gzipped ? answer.gzipped : answer.json);
}
