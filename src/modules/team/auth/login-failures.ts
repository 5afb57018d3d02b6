import { Injectable } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  AUTH_STREAM_TYPE,
  authStream,
  type LoginFailedData,
  type LoginFailureReason,
  MemberEvents,
  UNKNOWN_ACCOUNT_STREAM,
} from '#src/modules/team/domain/member.events.js';
import type { TeamMember } from '#src/modules/team/queries/members.reader.js';
import { LoginThrottle } from './login-throttle.js';

/** Records a failed sign-in, at either step, as `LoginFailed` for the audit log. */
@Injectable()
export class LoginFailures {
  constructor(
    private readonly eventStore: EventStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async record(email: string, member: TeamMember | null, reason: LoginFailureReason) {
    const data: LoginFailedData = {
      emailHash: this.throttle.emailHash(email),
      memberId: member?.id ?? null,
      reason,
    };
    await this.eventStore.append(
      member ? authStream(member.id) : UNKNOWN_ACCOUNT_STREAM,
      'any',
      [{ type: MemberEvents.LoginFailed, data }],
      { streamType: AUTH_STREAM_TYPE },
    );
  }
}
