import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

export const JSON_ONLY_MESSAGE = 'Request body must be JSON (Content-Type: application/json)';

/**
 * The API reads JSON bodies only. A cross-site HTML form can post urlencoded, multipart or text
 * bodies without a CORS preflight; refusing them keeps other sites from writing through our
 * visitors' browsers.
 */
export function jsonOnlyMiddleware(req: Request, _res: Response, next: NextFunction): void {
  // `is` answers null for a request without a body, false for a body of another type.
  const empty = req.headers['content-length'] === '0';
  if (!empty && req.is(['application/json', '+json']) === false) {
    next(new UnsupportedMediaTypeException(JSON_ONLY_MESSAGE));
    return;
  }
  next();
}
