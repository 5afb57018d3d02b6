import { OwnSecondFactorFirstError } from './member.errors.js';
import type { TeamSecurityEvent } from './member.events.js';

/** The team's sign-in policy, folded from `team-security`. */
export interface TeamSecurityState {
  secondFactorRequiredForAdmins: boolean;
}

export const INITIAL_TEAM_SECURITY_STATE: TeamSecurityState = {
  secondFactorRequiredForAdmins: false,
};

export type TeamSecurityCommand = {
  type: 'SetSecondFactorRequirement';
  requiredForAdmins: boolean;
  /** Whether the admin asking signs in with a second factor themself. */
  actorHasSecondFactor: boolean;
};

/**
 * An admin who requires a second factor of admins has one already: else their own next request
 * would lock them out of the admin rights they just used.
 */
export function decideTeamSecurity(
  command: TeamSecurityCommand,
  state: TeamSecurityState,
): TeamSecurityEvent[] {
  if (command.requiredForAdmins === state.secondFactorRequiredForAdmins) return [];
  if (command.requiredForAdmins && !command.actorHasSecondFactor) {
    throw new OwnSecondFactorFirstError();
  }
  return [
    {
      type: 'SecondFactorPolicyChanged',
      data: { requiredForAdmins: command.requiredForAdmins },
    },
  ];
}

export function evolveTeamSecurity(
  state: TeamSecurityState,
  event: TeamSecurityEvent,
): TeamSecurityState {
  switch (event.type) {
    case 'SecondFactorPolicyChanged':
      return { secondFactorRequiredForAdmins: event.data.requiredForAdmins };
  }
}
