import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { Refusal } from '#src/platform/domain/refusal.js';
import { REFUSAL_STATUSES } from '#src/platform/http/refusal-statuses.js';

/**
 * The login screen shows the answer's `error` field (docs/product.md#messages), so `error` holds
 * the human text ("Invalid credentials", the throttle notice, the field at fault) rather than
 * the generic reason phrase the global filter puts there.
 */
@Catch(HttpException, Refusal)
export class LoginErrorsFilter implements ExceptionFilter {
  catch(exception: HttpException | Refusal, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } =
      exception instanceof Refusal
        ? { status: REFUSAL_STATUSES[exception.code], message: exception.message }
        : fromHttpException(exception);
    response.status(status).json({ statusCode: status, error: message, message });
  }
}

function fromHttpException(exception: HttpException): { status: number; message: string } {
  const raw = exception.getResponse();
  const payload = typeof raw === 'string' ? { message: raw } : (raw as { message?: unknown });
  const message = Array.isArray(payload.message)
    ? payload.message.join('; ')
    : String(payload.message ?? exception.message);
  return { status: exception.getStatus(), message };
}
