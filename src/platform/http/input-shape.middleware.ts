import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { findInputProblem, findPathProblem } from './input-shape.js';

/**
 * Refuses, for every route at once, an API path, a body or a query that validation must never
 * see: nesting deep enough to overflow the recursive transform and validate steps, or text
 * PostgreSQL cannot store. Runs after the body is parsed and before any pipe.
 */
export function inputShapeMiddleware(req: Request, _res: Response, next: NextFunction): void {
  // Files and pages outside the API look their path up and answer 404 for one that holds NUL.
  const pathProblem = req.path.startsWith('/api/') ? findPathProblem(req.path) : null;
  const problem = pathProblem ?? findInputProblem(req.query) ?? findInputProblem(req.body);
  next(problem ? new BadRequestException(problem) : undefined);
}
