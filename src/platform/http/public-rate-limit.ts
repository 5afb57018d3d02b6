import { applyDecorators } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import type { AppConfig } from '#src/config/app-config.js';

/**
 * Decorator metadata is fixed when classes load, before the configuration exists, so the limit is
 * read through a function that sees the value the running app was configured with.
 */
let submissionsPerMinute = 20;

export function usePublicSubmissionLimit(config: AppConfig): void {
  submissionsPerMinute = config.RATE_LIMIT_PER_MINUTE;
}

/** Per client IP limit on public forms that create leads (quote, contact). */
export const PublicSubmissionThrottle = () =>
  applyDecorators(
    Throttle({ default: { limit: () => submissionsPerMinute, ttl: 60_000 } }),
    ApiErrors(429),
  );
