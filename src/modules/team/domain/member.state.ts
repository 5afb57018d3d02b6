import type { StaffRole } from '#src/platform/http/access.decorators.js';
import type { MemberEvent, MemberProfile } from './member.events.js';

export interface MemberState {
  exists: boolean;
  id: string;
  role: StaffRole;
  isActive: boolean;
  /** null before the member exists, or when the personal data cannot be read. */
  profile: MemberProfile | null;
  /** Whether sign-in asks for a code from an authenticator app after the password. */
  secondFactor: boolean;
}

export const INITIAL_MEMBER_STATE: MemberState = {
  exists: false,
  id: '',
  role: 'salesperson',
  isActive: false,
  profile: null,
  secondFactor: false,
};

export function evolve(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberAdded':
      return {
        exists: true,
        id: event.data.memberId,
        role: event.data.role,
        isActive: true,
        profile: event.personalData,
        secondFactor: false,
      };
    case 'MemberProfileChanged':
      return { ...state, profile: event.personalData };
    case 'MemberRoleChanged':
      return { ...state, role: event.data.role };
    case 'MemberDeactivated':
      return { ...state, isActive: false };
    case 'MemberReactivated':
      return { ...state, isActive: true };
    case 'SecondFactorEnabled':
      return { ...state, secondFactor: true };
    case 'SecondFactorDisabled':
      return { ...state, secondFactor: false };
    case 'RecoveryCodeUsed':
    case 'MemberPasswordChanged':
    case 'PasswordResetRequested':
      return state;
  }
}

export const foldMember = (events: readonly MemberEvent[]): MemberState =>
  events.reduce(evolve, INITIAL_MEMBER_STATE);
