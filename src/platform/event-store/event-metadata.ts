import { randomUUID } from 'node:crypto';
import type { EventMetadata } from './event-store.types.js';

/**
 * Who is appending, on behalf of which request, caused by what: asked once per append. The store
 * knows nothing of HTTP; the app gives it a provider that reads the request context.
 */
export interface EventMetadataProvider {
  current(): EventMetadata;
}

/** Outside the app (tools, tests of the log itself): the system acts, each append on its own. */
export const SYSTEM_METADATA: EventMetadataProvider = {
  current() {
    const correlationId = randomUUID();
    return {
      actorId: null,
      actorName: 'system',
      actorRole: 'system',
      correlationId,
      causationId: correlationId,
    };
  },
};
