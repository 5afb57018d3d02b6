import type { NextFunction, Request, Response } from 'express';

const STAFF_PATHS = ['/api/admin/', '/api/auth/', '/api/quotes/', '/api/emails/'];

/** Staff routes answer in English; every other route is the public site's, in Finnish. */
export function isStaffPath(path: string): boolean {
  return STAFF_PATHS.some((prefix) => path.startsWith(prefix)) || path === '/api/backup-status';
}

/**
 * Staff answers carry customers' and members' personal data: no browser or proxy may keep a
 * copy. Set before the route runs, so every answer of these requests has it, errors included.
 */
export function noStoreMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (req.headers.authorization || STAFF_PATHS.some((prefix) => req.path.startsWith(prefix))) {
    res.setHeader('Cache-Control', 'no-store');
  }
  next();
}
