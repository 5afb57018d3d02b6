import { Command } from '@nestjs/cqrs';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import type { MemberProfile } from '#src/modules/team/domain/member.events.js';

export interface ChangeMemberInput {
  profile?: MemberProfile;
  role?: StaffRole;
  /** The member version the editor saw; a newer one means someone else changed it first. */
  expectedVersion?: number;
}

/** Edits a member's name, e-mail and role: an admin from Team, anyone for themself in Settings. */
export class ChangeMemberCommand extends Command<{ version: number }> {
  constructor(
    readonly memberId: string,
    readonly input: ChangeMemberInput,
  ) {
    super();
  }
}
