import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { findPathProblem } from './input-shape.js';

/**
 * Runs before every other check of the path. Routing is case-sensitive (bootstrap.ts), so every
 * prefix check (`/api/`, `/api/admin/`, `/api/docs`) sees the path as routing does; `/API/...`
 * names no route and is answered 404 here rather than by the site's page fallback. A path that
 * is not printable ASCII, or decodes to a control character or broken UTF-8, is a 400 whatever
 * it names.
 */
export function pathGuardMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const problem = findPathProblem(req.path);
  if (problem) return next(new BadRequestException(problem));
  const first = req.path.split('/')[1] ?? '';
  if (first !== 'api' && first.toLowerCase() === 'api') {
    return next(new NotFoundException(`Cannot ${req.method} ${req.path}`));
  }
  next();
}
