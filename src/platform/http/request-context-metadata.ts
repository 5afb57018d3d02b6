import { randomUUID } from 'node:crypto';
import type { EventMetadataProvider } from '#src/platform/event-store/event-metadata.js';
import { SYSTEM_ACTOR } from '#src/platform/domain/actor.js';
import { RequestContext } from './request-context.js';

/**
 * Event metadata from the request being handled: the acting member (or the public, or the
 * system), the request id as correlation id, and the command or event being handled as cause.
 */
export const requestContextMetadata: EventMetadataProvider = {
  current() {
    const context = RequestContext.current();
    const actor = context?.actor ?? SYSTEM_ACTOR;
    const correlationId = context?.requestId ?? randomUUID();
    return {
      actorId: actor.id,
      actorName: actor.name,
      actorRole: actor.role,
      correlationId,
      causationId: context?.causationId ?? correlationId,
      ...(context?.ipHash ? { ipHash: context.ipHash } : {}),
    };
  },
};
