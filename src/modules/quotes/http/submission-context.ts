import { BadRequestException } from '@nestjs/common';
import type { Request } from 'express';
import type { SubmissionContext } from '#src/modules/quotes/intake/public-intake.service.js';
import type { VisitorCookie } from '#src/modules/visualizer/limits/visitor-cookie.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

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
