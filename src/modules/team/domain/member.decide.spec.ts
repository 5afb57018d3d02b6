import { deciderSpec } from '#test/support/decider-spec.js';
import { decide, type MemberCommand, type TeamFacts } from './member.decide.js';
import type { MemberEvent } from './member.events.js';
import { evolve, INITIAL_MEMBER_STATE } from './member.state.js';

const spec = deciderSpec({ decide, evolve, initialState: INITIAL_MEMBER_STATE });

const AINO = { firstName: 'Aino', lastName: 'Virtanen', email: 'aino@keittiokalvo.fi' };
const team = (facts: Partial<TeamFacts> = {}): TeamFacts => ({
  actorId: 'someone-else',
  activeAdmins: 2,
  emailHolder: null,
  ...facts,
});

const added = (role: 'admin' | 'manager' = 'admin'): MemberEvent[] => [
  { type: 'MemberAdded', data: { memberId: 'm1', role }, personalData: AINO },
];
const deactivated: MemberEvent[] = [
  ...added('manager'),
  { type: 'MemberDeactivated', data: { memberId: 'm1' } },
];

describe('member decide', () => {
  describe('AddMember', () => {
    const addMember = (facts?: Partial<TeamFacts>): MemberCommand => ({
      type: 'AddMember',
      memberId: 'm1',
      profile: { firstName: ' Aino ', lastName: 'Virtanen ', email: ' Aino@Keittiokalvo.FI' },
      role: 'admin',
      team: team(facts),
    });

    it('should add an active member with a trimmed, lower-cased e-mail', () => {
      const state = spec.given([]).when(addMember()).then(added());
      expect(state).toMatchObject({ exists: true, isActive: true, role: 'admin', profile: AINO });
    });

    it('should refuse an e-mail another member holds', () => {
      spec
        .given([])
        .when(addMember({ emailHolder: 'm2' }))
        .thenRefuses('conflict', 'Another team member already uses this email');
    });

    it('should refuse adding the same member twice', () => {
      spec.given(added()).when(addMember()).thenRefuses('conflict');
    });
  });

  describe('ChangeMember', () => {
    it('should record the profile and the role as separate events', () => {
      spec
        .given(added('manager'))
        .when({
          type: 'ChangeMember',
          profile: { ...AINO, lastName: 'Korhonen' },
          role: 'salesperson',
          team: team({ emailHolder: 'm1' }),
        })
        .then([
          {
            type: 'MemberProfileChanged',
            data: { memberId: 'm1' },
            personalData: { ...AINO, lastName: 'Korhonen' },
          },
          {
            type: 'MemberRoleChanged',
            data: { memberId: 'm1', role: 'salesperson', previousRole: 'manager' },
          },
        ]);
    });

    it('should cause nothing when nothing changes', () => {
      spec
        .given(added())
        .when({ type: 'ChangeMember', profile: AINO, role: 'admin', team: team() })
        .then([]);
    });

    it('should refuse taking over another member’s e-mail', () => {
      spec
        .given(added())
        .when({ type: 'ChangeMember', profile: AINO, team: team({ emailHolder: 'm2' }) })
        .thenRefuses('conflict', 'Another team member already uses this email');
    });

    it('should refuse demoting the last active admin', () => {
      spec
        .given(added())
        .when({ type: 'ChangeMember', role: 'manager', team: team({ activeAdmins: 1 }) })
        .thenRefuses('conflict', 'The last active admin cannot be removed or demoted');
    });

    it('should refuse an admin removing their own admin role', () => {
      spec
        .given(added())
        .when({ type: 'ChangeMember', role: 'manager', team: team({ actorId: 'm1' }) })
        .thenRefuses('forbidden');
    });

    it('should refuse an unknown member', () => {
      spec
        .given([])
        .when({ type: 'ChangeMember', role: 'manager', team: team() })
        .thenRefuses('not_found', 'Team member not found');
    });
  });

  describe('SetMemberActive', () => {
    it('should deactivate and reactivate a member', () => {
      spec
        .given(added('manager'))
        .when({ type: 'SetMemberActive', active: false, team: team() })
        .then([{ type: 'MemberDeactivated', data: { memberId: 'm1' } }]);
      spec
        .given(deactivated)
        .when({ type: 'SetMemberActive', active: true, team: team() })
        .then([{ type: 'MemberReactivated', data: { memberId: 'm1' } }]);
    });

    it('should cause nothing when the member already is so', () => {
      spec
        .given(deactivated)
        .when({ type: 'SetMemberActive', active: false, team: team() })
        .then([]);
    });

    it('should refuse deactivating oneself or the last active admin', () => {
      spec
        .given(added('manager'))
        .when({ type: 'SetMemberActive', active: false, team: team({ actorId: 'm1' }) })
        .thenRefuses('forbidden');
      spec
        .given(added())
        .when({ type: 'SetMemberActive', active: false, team: team({ activeAdmins: 1 }) })
        .thenRefuses('conflict');
    });
  });

  describe('ChangePassword', () => {
    it('should record how the password changed', () => {
      spec
        .given(added())
        .when({ type: 'ChangePassword', how: 'reset' })
        .then([{ type: 'MemberPasswordChanged', data: { memberId: 'm1', how: 'reset' } }]);
    });

    it('should refuse an unknown member', () => {
      spec.given([]).when({ type: 'ChangePassword', how: 'self' }).thenRefuses('not_found');
    });

    it('should record a password set through a reset link, for an active member only', () => {
      spec
        .given(added())
        .when({ type: 'ChangePassword', how: 'link' })
        .then([{ type: 'MemberPasswordChanged', data: { memberId: 'm1', how: 'link' } }]);
      spec
        .given(deactivated)
        .when({ type: 'ChangePassword', how: 'link' })
        .thenRefuses('forbidden', 'The team member is deactivated');
    });
  });

  describe('RequestPasswordReset', () => {
    const request: MemberCommand = {
      type: 'RequestPasswordReset',
      resetId: 'r1',
      expiresAt: '2026-12-07T03:30:00.000Z',
    };

    it('should record the reset sent, without changing the member', () => {
      const state = spec
        .given(added())
        .when(request)
        .then([
          {
            type: 'PasswordResetRequested',
            data: { memberId: 'm1', resetId: 'r1', expiresAt: '2026-12-07T03:30:00.000Z' },
          },
        ]);
      expect(state).toMatchObject({ exists: true, isActive: true, profile: AINO });
    });

    it('should refuse a deactivated or unknown member', () => {
      spec.given(deactivated).when(request).thenRefuses('forbidden');
      spec.given([]).when(request).thenRefuses('not_found');
    });
  });

  describe('EnableSecondFactor', () => {
    it('should turn the second factor on once', () => {
      const state = spec
        .given(added())
        .when({ type: 'EnableSecondFactor' })
        .then([{ type: 'SecondFactorEnabled', data: { memberId: 'm1' } }]);
      expect(state.secondFactor).toBe(true);
    });

    it('should refuse it when it is already on, or for a deactivated member', () => {
      spec
        .given([...added(), { type: 'SecondFactorEnabled', data: { memberId: 'm1' } }])
        .when({ type: 'EnableSecondFactor' })
        .thenRefuses('conflict', 'Two-step sign-in is already on');
      spec.given(deactivated).when({ type: 'EnableSecondFactor' }).thenRefuses('forbidden');
    });
  });

  describe('DisableSecondFactor', () => {
    const withFactor = (role: 'admin' | 'manager'): MemberEvent[] => [
      ...added(role),
      { type: 'SecondFactorEnabled', data: { memberId: 'm1' } },
    ];

    it('should turn it off when the team does not require it', () => {
      const state = spec
        .given(withFactor('admin'))
        .when({ type: 'DisableSecondFactor', requiredForAdmins: false })
        .then([{ type: 'SecondFactorDisabled', data: { memberId: 'm1' } }]);
      expect(state.secondFactor).toBe(false);
    });

    it('should let a manager turn it off though admins must have it', () => {
      spec
        .given(withFactor('manager'))
        .when({ type: 'DisableSecondFactor', requiredForAdmins: true })
        .then([{ type: 'SecondFactorDisabled', data: { memberId: 'm1' } }]);
    });

    it('should refuse an admin while the team requires it of admins', () => {
      spec
        .given(withFactor('admin'))
        .when({ type: 'DisableSecondFactor', requiredForAdmins: true })
        .thenRefuses('forbidden', 'The team requires two-step sign-in for admins');
    });

    it('should refuse it when it is not on', () => {
      spec
        .given(added())
        .when({ type: 'DisableSecondFactor', requiredForAdmins: false })
        .thenRefuses('conflict', 'Two-step sign-in is not on');
    });
  });

  describe('UseRecoveryCode', () => {
    it('should record the code used and how many remain, the factor staying on', () => {
      const state = spec
        .given([...added(), { type: 'SecondFactorEnabled', data: { memberId: 'm1' } }])
        .when({ type: 'UseRecoveryCode', remaining: 9 })
        .then([{ type: 'RecoveryCodeUsed', data: { memberId: 'm1', remaining: 9 } }]);
      expect(state.secondFactor).toBe(true);
    });

    it('should refuse it without a second factor', () => {
      spec.given(added()).when({ type: 'UseRecoveryCode', remaining: 9 }).thenRefuses('conflict');
    });
  });
});
