import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { findInputProblem } from './input-shape.js';

/**
 * Refuses, for every route at once, a body or a query that validation must never
 * see: nesting deep enough to overflow the recursive transform and validate steps, or text
 * PostgreSQL cannot store. Runs after the body is parsed and before any pipe.
 */
export function inputShapeMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const problem = findInputProblem(req.query) ?? findInputProblem(req.body);
  next(problem ? new BadRequestException(problem) : undefined);
}
