import type { StaffRole } from '#src/platform/http/access.decorators.js';
import {
  EmailTakenError,
  MemberExistsError,
  MemberInactiveError,
  MemberNotFoundError,
  SecondFactorAlreadyOnError,
  SecondFactorOffError,
  SecondFactorRequiredError,
} from './member.errors.js';
import type { MemberEvent, MemberProfile } from './member.events.js';
import type { MemberState } from './member.state.js';
import { normalizeProfile } from './profile.js';
import { assertAdminRightsKept } from './team-rules.js';

/**
 * What the rest of the team looks like at the moment of the decision. Read under the team lock,
 * so no other team change can make it stale before the events are appended
 * (docs/decisions/0017-team-invariants.md).
 */
export interface TeamFacts {
  /** Who asks; null for the system (the first-admin seeder). */
  actorId: string | null;
  activeAdmins: number;
  /** The member whose e-mail is the one the command asks for, if any. */
  emailHolder: string | null;
}

export type MemberCommand =
  | {
      type: 'AddMember';
      memberId: string;
      profile: MemberProfile;
      role: StaffRole;
      team: TeamFacts;
    }
  | { type: 'ChangeMember'; profile?: MemberProfile; role?: StaffRole; team: TeamFacts }
  | { type: 'SetMemberActive'; active: boolean; team: TeamFacts }
  | { type: 'ChangePassword'; how: 'self' | 'reset' | 'link' }
  | { type: 'RequestPasswordReset'; resetId: string; expiresAt: string }
  /** The member confirmed a code of their new authenticator (checked by the handler). */
  | { type: 'EnableSecondFactor' }
  /** Password and code checked by the handler; `requiredForAdmins` is the team's policy now. */
  | { type: 'DisableSecondFactor'; requiredForAdmins: boolean }
  | { type: 'UseRecoveryCode'; remaining: number };

/** Pure team-member rules: which events a command causes given the member's state, or a refusal. */
export function decide(command: MemberCommand, state: MemberState): MemberEvent[] {
  if (command.type === 'AddMember') return decideAdd(command, state);
  if (!state.exists) throw new MemberNotFoundError();
  const memberId = state.id;
  switch (command.type) {
    case 'ChangeMember':
      return [...decideProfile(command, state), ...decideRole(command, state)];
    case 'SetMemberActive':
      if (state.isActive === command.active) return [];
      if (command.active) return [{ type: 'MemberReactivated', data: { memberId } }];
      assertAdminRightsKept({
        actorId: command.team.actorId,
        target: state,
        nextRole: null,
        activeAdmins: command.team.activeAdmins,
      });
      return [{ type: 'MemberDeactivated', data: { memberId } }];
    case 'ChangePassword':
      if (command.how === 'link' && !state.isActive) throw new MemberInactiveError();
      return [{ type: 'MemberPasswordChanged', data: { memberId, how: command.how } }];
    case 'RequestPasswordReset':
      if (!state.isActive) throw new MemberInactiveError();
      return [
        {
          type: 'PasswordResetRequested',
          data: { memberId, resetId: command.resetId, expiresAt: command.expiresAt },
        },
      ];
    case 'EnableSecondFactor':
      if (!state.isActive) throw new MemberInactiveError();
      if (state.secondFactor) throw new SecondFactorAlreadyOnError();
      return [{ type: 'SecondFactorEnabled', data: { memberId } }];
    case 'DisableSecondFactor':
      if (!state.secondFactor) throw new SecondFactorOffError();
      if (command.requiredForAdmins && state.role === 'admin') {
        throw new SecondFactorRequiredError();
      }
      return [{ type: 'SecondFactorDisabled', data: { memberId } }];
    case 'UseRecoveryCode':
      if (!state.secondFactor) throw new SecondFactorOffError();
      return [{ type: 'RecoveryCodeUsed', data: { memberId, remaining: command.remaining } }];
  }
}

function decideAdd(
  command: Extract<MemberCommand, { type: 'AddMember' }>,
  state: MemberState,
): MemberEvent[] {
  if (state.exists) throw new MemberExistsError();
  if (command.team.emailHolder) throw new EmailTakenError();
  return [
    {
      type: 'MemberAdded',
      data: { memberId: command.memberId, role: command.role },
      personalData: normalizeProfile(command.profile),
    },
  ];
}

function decideProfile(
  command: Extract<MemberCommand, { type: 'ChangeMember' }>,
  state: MemberState,
): MemberEvent[] {
  if (!command.profile) return [];
  const profile = normalizeProfile(command.profile);
  const holder = command.team.emailHolder;
  if (holder && holder !== state.id) throw new EmailTakenError();
  const current = state.profile;
  const unchanged =
    current !== null &&
    profile.firstName === current.firstName &&
    profile.lastName === current.lastName &&
    profile.email === current.email;
  if (unchanged) return [];
  return [{ type: 'MemberProfileChanged', data: { memberId: state.id }, personalData: profile }];
}

function decideRole(
  command: Extract<MemberCommand, { type: 'ChangeMember' }>,
  state: MemberState,
): MemberEvent[] {
  if (!command.role || command.role === state.role) return [];
  assertAdminRightsKept({
    actorId: command.team.actorId,
    target: state,
    nextRole: command.role,
    activeAdmins: command.team.activeAdmins,
  });
  return [
    {
      type: 'MemberRoleChanged',
      data: { memberId: state.id, role: command.role, previousRole: state.role },
    },
  ];
}
