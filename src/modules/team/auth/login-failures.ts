import { Injectable } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  type LoginFailedData,
  type LoginFailureReason,
  MemberEvents,
} from '#src/modules/team/domain/member.events.js';
import type { TeamMember } from '#src/modules/team/queries/members.reader.js';
import { LoginThrottle } from './login-throttle.js';
import { recordRefusedAttempt } from './refused-attempts.js';

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
    await recordRefusedAttempt(this.eventStore, MemberEvents.LoginFailed, data);
  }
}
