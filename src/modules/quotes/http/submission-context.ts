import { applyDecorators, BadRequestException, HttpCode, Post } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SubmissionContext } from '#src/modules/quotes/intake/public-intake.service.js';
import { PublicSubmissionThrottle } from '#src/platform/http/public-rate-limit.js';
import type { VisitorCookie } from '#src/modules/visualizer/index.js';
import { ApiBodyErrors, ApiErrors } from '#src/platform/http/api-docs/error-responses.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Documents the optional Idempotency-Key header with the rule submissionContext enforces. */
export const ApiIdempotencyKey = () =>
  applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Makes a retried submission safe: the same key with the same body answers the first result',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source, example: 'quote-7f3c9a12' },
    }),
  );

/**
 * A public form's POST: rate-limited per client, answers 201 with what it created, may be retried
 * with an Idempotency-Key, and refuses a bad body (400) or a reused key with another body (409).
 */
export const SubmissionEndpoint = () =>
  applyDecorators(
    PublicSubmissionThrottle(),
    Post(),
    HttpCode(201),
    ApiIdempotencyKey(),
    ApiBodyErrors(),
    ApiErrors(409),
  );

/**
 * The Idempotency-Key header and the visualizer's anonymous visitor id of a submission. Only a
 * validly signed visitor cookie counts, so nobody can tie a lead to another visitor's history;
 * a missing or forged one is ignored rather than failing the quote.
 */
export function submissionContext(request: Request, visitors: VisitorCookie): SubmissionContext {
  const key = request.header('idempotency-key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new BadRequestException(
      'Idempotency-Key must be 8-100 characters of letters, digits and - _ . :',
    );
  }
  return { idempotencyKey: key, visitorId: visitors.read(request) ?? undefined };
}
