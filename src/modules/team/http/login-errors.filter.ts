import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';

/**
 * The login screen shows the answer's `error` field (docs/product.md#messages), so `error` holds
 * the human text ("Invalid credentials", the throttle notice, the field at fault) rather than
 * the generic reason phrase the global filter puts there.
 */
@Catch(HttpException)
export class LoginErrorsFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const raw = exception.getResponse();
    const payload = typeof raw === 'string' ? { message: raw } : (raw as { message?: unknown });
    const message = Array.isArray(payload.message)
      ? payload.message.join('; ')
      : String(payload.message ?? exception.message);
    const status = exception.getStatus();
    response.status(status).json({ statusCode: status, error: message, message });
  }
}
