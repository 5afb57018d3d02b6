import { Command } from '@nestjs/cqrs';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import type { MemberProfile } from '#src/modules/team/domain/member.events.js';

export interface AddMemberResult {
  memberId: string;
  /** Present when the password was generated: shown once, never stored in plain text. */
  oneTimePassword: string | null;
}

/**
 * Adds a team member. Without a `password` a one-time password is generated that must be
 * changed at the first sign-in.
 */
export class AddMemberCommand extends Command<AddMemberResult> {
  constructor(
    readonly profile: MemberProfile,
    readonly role: StaffRole,
    readonly password?: string,
  ) {
    super();
  }
}
