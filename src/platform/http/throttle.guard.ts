import { type ExecutionContext, Injectable } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request } from 'express';
import { CachedReflector } from './route-metadata-cache.js';
import { SHARED_KEY_PREFIX } from './shared-throttler-storage.js';

/** The staff API's own limits are high and per instance: they only stop a runaway client. */
const STAFF_API = '/api/admin/';

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

  /**
   * The library hashes this key with SHA-256 on every request; a plain string is as unique.
   * Limits outside the staff API are counted for every instance alike (SHARED_KEY_PREFIX).
   */
  protected override generateKey(context: ExecutionContext, tracker: string, name: string): string {
    const { path } = context.switchToHttp().getRequest<Request>();
    const scope = path.startsWith(STAFF_API) ? '' : SHARED_KEY_PREFIX;
    return `${scope}${context.getClass().name}-${context.getHandler().name}-${name}-${tracker}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new ThrottlerException(TOO_MANY_REQUESTS_MESSAGE);
  }
}
