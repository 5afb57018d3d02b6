import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';
import { STAFF_ROLES } from '#src/contract/team.js';

const { id, text, nullable, timestamp } = field;
const role = field.enum(STAFF_ROLES);
const profile = { firstName: text, lastName: text, email: text };
const session = { memberId: id, sessionId: id };

/** The plain and sealed shapes of the team and sign-in events (member.events.ts). */
export const MEMBER_EVENT_DECLARATIONS: EventTypeDeclaration[] = [
  { type: 'MemberAdded', data: { memberId: id, role }, personalData: profile },
  { type: 'MemberProfileChanged', data: { memberId: id }, personalData: profile },
  { type: 'MemberRoleChanged', data: { memberId: id, role, previousRole: role } },
  { type: 'MemberDeactivated', data: { memberId: id } },
  { type: 'MemberReactivated', data: { memberId: id } },
  {
    type: 'MemberPasswordChanged',
    data: { memberId: id, how: field.enum(['self', 'reset', 'link']) },
  },
  { type: 'PasswordResetRequested', data: { memberId: id, resetId: id, expiresAt: timestamp } },
  { type: 'SecondFactorEnabled', data: { memberId: id } },
  { type: 'SecondFactorDisabled', data: { memberId: id } },
  { type: 'RecoveryCodeUsed', data: { memberId: id, remaining: field.number } },
  { type: 'SecondFactorPolicyChanged', data: { requiredForAdmins: field.boolean } },
  { type: 'MemberLoggedIn', data: session },
  { type: 'MemberLoggedOut', data: session },
  {
    type: 'LoginFailed',
    data: {
      emailHash: id,
      memberId: nullable(id),
      reason: field.enum(['unknown_account', 'wrong_password', 'inactive', 'wrong_code']),
    },
  },
  {
    type: 'PasswordResetRefused',
    data: {
      emailHash: id,
      memberId: nullable(id),
      reason: field.enum(['unknown_account', 'inactive']),
    },
  },
];
