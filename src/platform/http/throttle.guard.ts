import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard } from '@nestjs/throttler';

export const TOO_MANY_REQUESTS_MESSAGE = 'Liian monta pyyntöä. Odota hetki ja yritä uudelleen.';

/** Rate limits keyed on the client IP (behind TRUST_PROXY_HOPS proxies), with a Finnish message. */
@Injectable()
export class AppThrottlerGuard extends ThrottlerGuard {
  /** The library hashes this key with SHA-256 on every request; a plain string is as unique. */
  protected override generateKey(context: ExecutionContext, tracker: string, name: string): string {
    return `${context.getClass().name}-${context.getHandler().name}-${name}-${tracker}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new ThrottlerException(TOO_MANY_REQUESTS_MESSAGE);
  }
}
