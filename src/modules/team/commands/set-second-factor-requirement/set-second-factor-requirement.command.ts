import { Command } from '@nestjs/cqrs';
import type { TeamSecurityPolicy } from '#src/contract/team.js';

/** An admin requires a second factor of every admin, or lifts the requirement. */
export class SetSecondFactorRequirementCommand extends Command<TeamSecurityPolicy> {
  constructor(
    readonly actorId: string,
    readonly requiredForAdmins: boolean,
  ) {
    super();
  }
}
