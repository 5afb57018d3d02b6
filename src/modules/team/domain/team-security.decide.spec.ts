import { deciderSpec } from '#test/support/decider-spec.js';
import {
  decideTeamSecurity,
  evolveTeamSecurity,
  INITIAL_TEAM_SECURITY_STATE,
  type TeamSecurityCommand,
} from './team-security.decide.js';
import type { TeamSecurityEvent } from './member.events.js';

const spec = deciderSpec({
  decide: decideTeamSecurity,
  evolve: evolveTeamSecurity,
  initialState: INITIAL_TEAM_SECURITY_STATE,
});

const setRequirement = (
  requiredForAdmins: boolean,
  actorHasSecondFactor = true,
): TeamSecurityCommand => ({
  type: 'SetSecondFactorRequirement',
  requiredForAdmins,
  actorHasSecondFactor,
});
const required: TeamSecurityEvent[] = [
  { type: 'SecondFactorPolicyChanged', data: { requiredForAdmins: true } },
];

describe('team security decide', () => {
  describe('SetSecondFactorRequirement', () => {
    it('should require a second factor of admins', () => {
      const state = spec.given([]).when(setRequirement(true)).then(required);
      expect(state.secondFactorRequiredForAdmins).toBe(true);
    });

    it('should lift the requirement, even for an admin without a second factor', () => {
      const state = spec
        .given(required)
        .when(setRequirement(false, false))
        .then([{ type: 'SecondFactorPolicyChanged', data: { requiredForAdmins: false } }]);
      expect(state.secondFactorRequiredForAdmins).toBe(false);
    });

    it('should record nothing when the policy is already so', () => {
      spec.given(required).when(setRequirement(true)).then([]);
      spec.given([]).when(setRequirement(false)).then([]);
    });

    it('should refuse an admin who has no second factor themself', () => {
      spec
        .given([])
        .when(setRequirement(true, false))
        .thenRefuses('conflict', /yourself before requiring it/);
    });
  });
});
