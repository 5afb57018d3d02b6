import type { StaffRole } from '#src/platform/http/access.decorators.js';

/** Team events live on `member-<id>`; sign-ins and sign-outs on `auth-<id>`. */
export const MEMBER_STREAM_TYPE = 'member';
export const AUTH_STREAM_TYPE = 'auth';
/** Failed sign-ins for e-mails that name no member share one stream. */
export const UNKNOWN_ACCOUNT_STREAM = 'auth-unknown';

export const memberStream = (memberId: string) => `member-${memberId}`;
export const authStream = (memberId: string) => `auth-${memberId}`;
/** Data subject whose key encrypts a member's name and e-mail in events. */
export const memberSubject = (memberId: string) => `member:${memberId}`;

export const MemberEvents = {
  MemberAdded: 'MemberAdded',
  MemberProfileChanged: 'MemberProfileChanged',
  MemberRoleChanged: 'MemberRoleChanged',
  MemberDeactivated: 'MemberDeactivated',
  MemberReactivated: 'MemberReactivated',
  MemberPasswordChanged: 'MemberPasswordChanged',
  MemberLoggedIn: 'MemberLoggedIn',
  MemberLoggedOut: 'MemberLoggedOut',
  LoginFailed: 'LoginFailed',
} as const;

/** Personal data of a member: only ever inside an event's encrypted `personalData`. */
export interface MemberProfile {
  firstName: string;
  lastName: string;
  email: string;
}

/** Type aliases, not interfaces: only aliases fit the event store's `JsonObject` data. */
export type MemberAddedData = {
  memberId: string;
  role: StaffRole;
};

export type MemberRoleChangedData = {
  memberId: string;
  role: StaffRole;
  previousRole: StaffRole;
};

export type MemberPasswordChangedData = {
  memberId: string;
  /** `self` from Settings, `reset` when an admin issued a one-time password. */
  how: 'self' | 'reset';
};

export type LoginFailureReason = 'unknown_account' | 'wrong_password' | 'inactive';

export type LoginFailedData = {
  /** Keyed hash of the e-mail typed, so repeated guesses can be told apart without storing it. */
  emailHash: string;
  memberId: string | null;
  reason: LoginFailureReason;
};
