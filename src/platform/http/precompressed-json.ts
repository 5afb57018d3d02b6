import type { Request, Response } from 'express';

/** A JSON answer rendered once, as text and gzipped, for every caller who asks for it. */
export interface PrecompressedJson {
  json: Buffer;
  gzipped: Buffer;
}

/**
 * Sends the gzipped bytes to clients that take gzip and the text to the rest; compressing
 * per request would cost more than rendering. The compression middleware leaves an answer
 * that already names its encoding alone.
 */
export function sendPrecompressedJson(
  req: Request,
  res: Response,
  answer: PrecompressedJson,
): void {
  const gzipped = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.vary('Accept-Encoding');
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.send(gzipped ? answer.gzipped : answer.json);
}
