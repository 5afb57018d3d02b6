import type { EventStore } from '#src/platform/event-store/event-store.js';
import {
  AUTH_STREAM_TYPE,
  authStream,
  UNKNOWN_ACCOUNT_STREAM,
} from '#src/modules/team/domain/member.events.js';

/** A refused sign-in or reset attempt, known by the e-mail's keyed hash and never the address. */
// A type, not an interface: the event store takes JSON objects, and only a type alias is one.
export type RefusedAttempt = {
  emailHash: string;
  memberId: string | null;
  reason: string;
};

/**
 * Keeps a refused attempt on the member's auth stream, or with the attempts on accounts that do
 * not exist, so the audit log and the throttle see both kinds alike.
 */
export async function recordRefusedAttempt(
  eventStore: EventStore,
  type: string,
  data: RefusedAttempt,
): Promise<void> {
  await eventStore.append(
    data.memberId ? authStream(data.memberId) : UNKNOWN_ACCOUNT_STREAM,
    'any',
    [{ type, data }],
    { streamType: AUTH_STREAM_TYPE },
  );
}
