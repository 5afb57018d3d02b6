import { HttpStatus } from '@nestjs/common';
import type { RefusalCode } from '#src/platform/domain/refusal.js';

/** The one place a domain refusal becomes an HTTP status. */
export const REFUSAL_STATUSES: Record<RefusalCode, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  gone: HttpStatus.GONE,
  too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_media_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  too_many_requests: HttpStatus.TOO_MANY_REQUESTS,
  bad_gateway: HttpStatus.BAD_GATEWAY,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  internal: HttpStatus.INTERNAL_SERVER_ERROR,
};
