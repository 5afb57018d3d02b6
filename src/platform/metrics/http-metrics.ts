import type { NextFunction, Request, Response } from 'express';
import { Histogram } from 'prom-client';
import type { Metrics } from './metrics.js';

/** Upper bounds in seconds: quotes answer in milliseconds, renders in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Label of requests no route matched (unknown paths, static files): one series, not one per path. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every request by its route template (`/api/admin/quotes/:id`, never the path itself, so
 * the series stay few) and its status; a request the client gave up on counts as `aborted`.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer ending, by route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [metrics.registry],
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      duration.observe(
        {
          method: req.method,
          route: routeTemplate(req),
          status: res.writableFinished ? String(res.statusCode) : 'aborted',
        },
        seconds,
      );
    });
    next();
  };
}

function routeTemplate(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  return path === undefined ? UNMATCHED_ROUTE : `${req.baseUrl}${String(path)}`;
}
