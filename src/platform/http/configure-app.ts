import { ValidationPipe, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import type { AppConfig } from '#src/config/app-config.js';
import { RequestPressure } from '#src/platform/scheduling/request-pressure.js';
import type { AppSecrets } from '#src/platform/secrets/app-secrets.js';
import { httpMetricsMiddleware } from '#src/platform/metrics/http-metrics.js';
import { Metrics } from '#src/platform/metrics/metrics.js';
import { setupApiDocs } from './api-docs/setup-api-docs.js';
import { HttpErrorsFilter } from './http-errors.filter.js';
import { inputShapeMiddleware } from './input-shape.middleware.js';
import { jsonOnlyMiddleware } from './json-only.middleware.js';
import { noStoreMiddleware } from './no-store.middleware.js';
import { pathGuardMiddleware } from './path-guard.middleware.js';
import { requestContextMiddleware } from './request-context.middleware.js';
import { securityHeadersMiddleware } from './security-headers.js';
import { cacheValidationMetadata } from './validation-metadata-cache.js';
import {
  fieldRefusalsOf,
  flattenValidationErrors,
  ValidationRefusal,
} from './validation-refusal.js';

export { flattenValidationErrors } from './validation-refusal.js';

/**
 * Routes that take more than the default JSON body limit. Login reads up to 2 MB so an absurd
 * password gets a 400 naming the field from validation (before any hashing), not a bare 413.
 */
export const LARGE_BODY_ROUTES: Record<string, string> = {
  '/api/visualize': '21mb',
  '/api/auth/login': '2mb',
};
export const DEFAULT_BODY_LIMIT = '100kb';

/** Everything about the HTTP surface that is not a route: security headers, parsing, errors, docs. */
export function configureApp(app: INestApplication, config: AppConfig, secrets: AppSecrets): void {
  const express_ = app as NestExpressApplication;
  express_.set('trust proxy', config.TRUST_PROXY_HOPS);
  express_.disable('x-powered-by');
  app.use(httpMetricsMiddleware(app.get(Metrics)));
  app.use(app.get(RequestPressure).middleware);
  app.use(securityHeadersMiddleware(config.META_PIXEL_ID));
  app.use(pathGuardMiddleware);
  // Only reads answer with bodies worth compressing (pages, assets, lead lists); writes answer
  // with a few hundred bytes, and wrapping their responses is a measurable share of their cost.
  const compress = compression({ threshold: 1024 });
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.method === 'GET' || req.method === 'HEAD' ? compress(req, res, next) : next(),
  );
  app.use(requestContextMiddleware(secrets.hashSalt));
  app.use(noStoreMiddleware);
  app.use('/api', jsonOnlyMiddleware);
  for (const [route, limit] of Object.entries(LARGE_BODY_ROUTES)) {
    app.use(route, express.json({ limit }));
  }
  app.use(express.json({ limit: DEFAULT_BODY_LIMIT }));
  app.use(inputShapeMiddleware);
  app.useGlobalFilters(new HttpErrorsFilter());
  app.useGlobalPipes(validationPipe());
  setupApiDocs(app, config);
}

/** Every body, query and parameter is validated against its DTO; unknown fields are refused. */
export function validationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) =>
      new ValidationRefusal(flattenValidationErrors(errors), fieldRefusalsOf(errors)),
  });
}
