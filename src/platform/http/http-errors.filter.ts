import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  type FieldRefusal,
  finnishFieldMessage,
  finnishFieldsSummary,
  PUBLIC_MESSAGES,
} from '#src/contract/public-refusals.js';
import { FileStoreUnavailableError } from '#src/platform/storage/file-store.js';
import { FileDamagedError } from '#src/platform/storage/stored-digest.js';
import { isStaffPath } from './no-store.middleware.js';
import {
  isDatabaseUnavailable,
  isDatabaseWaitExceeded,
} from '#src/platform/database/database-waits.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import {
  ConcurrencyError,
  RequirementChangedError,
  StreamNotFoundError,
} from '#src/platform/event-store/event-store.errors.js';
import { REFUSAL_STATUSES } from './refusal-statuses.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  [extra: string]: unknown;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** A wait for the database ran out: the same request usually goes through a moment later. */
const BUSY_RETRY_AFTER_SECONDS = 1;
/** The database or the file store is down or restarting: a restart takes a few seconds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** One error shape for every failure, `{statusCode, error, message}`, and never a stack trace. */
@Catch()
export class HttpErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const english = this.toBody(exception);
    const body = isPublicPath(request.path) ? inFinnish(english, exception) : english;
    const retryAfter = isDatabaseWaitExceeded(exception)
      ? BUSY_RETRY_AFTER_SECONDS
      : isDatabaseUnavailable(exception) || exception instanceof FileStoreUnavailableError
        ? UNAVAILABLE_RETRY_AFTER_SECONDS
        : null;
    if (retryAfter !== null) {
      this.logger.warn(`answered 503: ${(exception as Error).message}`);
    } else if (body.statusCode >= 500) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (response.headersSent) return;
    if (retryAfter !== null) response.setHeader('Retry-After', String(retryAfter));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof FileStoreUnavailableError) {
      // Public routes get it in Finnish through inFinnish, as every 503.
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        error: REASONS[503],
        message: 'Stored files are unavailable right now; please try again in a moment.',
      };
    }
    if (exception instanceof FileDamagedError) {
      // Nothing the caller can do, and no retry helps: the log names the file for the operator.
      return {
        statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
        error: REASONS[500],
        message: 'A stored file is damaged and cannot be served.',
      };
    }
    if (exception instanceof ConcurrencyError) {
      return {
        statusCode: HttpStatus.CONFLICT,
        error: REASONS[409],
        message: exception.message,
        changedBy: exception.changedBy,
        currentVersion: exception.actualVersion,
      };
    }
    if (isDatabaseWaitExceeded(exception)) {
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        error: REASONS[503],
        message: 'The server is busy right now; please try again in a moment.',
      };
    }
    if (isDatabaseUnavailable(exception)) {
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        error: REASONS[503],
        message: 'The service is unavailable right now; please try again in a moment.',
      };
    }
    if (exception instanceof RequirementChangedError) {
      // Each retry found the stream it relies on (the pipeline columns) changed again.
      return {
        statusCode: HttpStatus.CONFLICT,
        error: REASONS[409],
        message: 'This changed at the same time as something it depends on; please try again.',
      };
    }
    if (exception instanceof StreamNotFoundError) {
      return { statusCode: 404, error: REASONS[404], message: 'Not found' };
    }
    if (exception instanceof Refusal) {
      const status = REFUSAL_STATUSES[exception.code];
      const body = { statusCode: status, error: REASONS[status], message: exception.message };
      if (!exception.field) return body;
      return {
        ...body,
        fields: [{ field: exception.field, code: exception.code, message: exception.message }],
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const payload = typeof raw === 'string' ? { message: raw } : (raw as Record<string, unknown>);
      const message = Array.isArray(payload.message)
        ? payload.message.join('; ')
        : String(payload.message ?? exception.message);
      const { statusCode: _s, error: _e, message: _m, ...extra } = payload;
      return {
        statusCode: status,
        error: REASONS[status] ?? String(payload.error ?? 'Error'),
        message,
        ...extra,
      };
    }
    const bodyParserError = exception as { type?: string; status?: number; expose?: boolean };
    if (
      typeof bodyParserError.status === 'number' &&
      bodyParserError.status < 500 &&
      bodyParserError.type
    ) {
      const message =
        bodyParserError.type === 'entity.too.large'
          ? 'Request body is too large'
          : bodyParserError.type === 'entity.parse.failed'
            ? 'Malformed JSON in request body'
            : 'Invalid request body';
      return {
        statusCode: bodyParserError.status,
        error: REASONS[bodyParserError.status] ?? 'Bad Request',
        message,
      };
    }
    return { statusCode: 500, error: REASONS[500], message: 'Internal server error' };
  }
}

/**
 * The visitor-facing routes: the site and every API route but staff's (`/api/admin`, `/api/auth`)
 * and the API's documentation. Their refusals are in Finnish.
 */
export function isPublicPath(path: string): boolean {
  // The staff routes are those that never answer from a cache (no-store.middleware.ts).
  return !isStaffPath(path) && !path.startsWith('/api/docs');
}

/**
 * A public answer in Finnish: each refused field its own sentence (path and code kept), and the
 * platform's own refusals (busy, too large, not JSON) in Finnish. A domain refusal on a public
 * route is already written in Finnish by its module.
 */
function inFinnish(body: ErrorBody, exception: unknown): ErrorBody {
  const fields = body.fields as FieldRefusal[] | undefined;
  if (Array.isArray(fields) && fields.length > 0) {
    const finnish = firstPerField(fields).map((f) => ({
      ...f,
      message: finnishFieldMessage(f.field, f.code, f.message),
    }));
    return { ...body, message: finnishFieldsSummary(finnish), fields: finnish };
  }
  if (isDatabaseWaitExceeded(exception)) return { ...body, message: PUBLIC_MESSAGES.busy };
  if (isDatabaseUnavailable(exception)) return { ...body, message: PUBLIC_MESSAGES.unavailable };
  if (exception instanceof FileDamagedError)
    return { ...body, message: PUBLIC_MESSAGES.damagedFile };
  if (exception instanceof Refusal) return body;
  const byStatus: Partial<Record<number, string>> = {
    404: PUBLIC_MESSAGES.notFound,
    413: PUBLIC_MESSAGES.tooLarge,
    415: PUBLIC_MESSAGES.notJson,
    500: PUBLIC_MESSAGES.serverError,
    503: PUBLIC_MESSAGES.unavailable,
  };
  const parseFailed = (exception as { type?: string }).type === 'entity.parse.failed';
  if (parseFailed) return { ...body, message: PUBLIC_MESSAGES.malformed };
  if ((exception as { type?: string }).type)
    return { ...body, message: PUBLIC_MESSAGES.invalidBody };
  if (body.statusCode === 400 && body.message.startsWith('path must be')) {
    return { ...body, message: PUBLIC_MESSAGES.badPath };
  }
  return byStatus[body.statusCode] ? { ...body, message: byStatus[body.statusCode]! } : body;
}

/** What a visitor must fix first when a field breaks several rules: a missing value, then its kind. */
const RULE_ORDER = [
  'isDefined',
  'isNotEmpty',
  'whitelistValidation',
  'isString',
  'isInt',
  'isObject',
];
const rank = (code: string) => {
  const at = RULE_ORDER.indexOf(code);
  return at === -1 ? RULE_ORDER.length : at;
};

/** One refusal per field, the one to fix first: the site shows one sentence beside each. */
function firstPerField(fields: FieldRefusal[]): FieldRefusal[] {
  const byField = new Map<string, FieldRefusal>();
  for (const field of fields) {
    const seen = byField.get(field.field);
    if (!seen || rank(field.code) < rank(seen.code)) byField.set(field.field, field);
  }
  return [...byField.values()];
}
