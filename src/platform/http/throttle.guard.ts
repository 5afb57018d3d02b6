import { type ExecutionContext, Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { CachedReflector } from './route-metadata-cache.js';

export const TOO_MANY_REQUESTS_MESSAGE = 'Liian monta pyyntöä. Odota hetki ja yritä uudelleen.';

/** Rate limits keyed on the client IP (behind TRUST_PROXY_HOPS proxies), with a Finnish message. */
@Injectable()
export class AppThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
  ) {
    super(options, storage, new CachedReflector());
  }

  /** The library hashes this key with SHA-256 on every request; a plain string is as unique. */
  protected override generateKey(context: ExecutionContext, tracker: string, name: string): string {
    return `${context.getClass().name}-${context.getHandler().name}-${name}-${tracker}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new ThrottlerException(TOO_MANY_REQUESTS_MESSAGE);
  }
}
