import { selfNamed } from '#src/contract/self-named.js';
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
/** The team's sign-in policy: whether admins must have a second factor. */
export const TEAM_SECURITY_STREAM = 'team-security';
export const TEAM_SECURITY_STREAM_TYPE = 'team-security';

export const MemberEvents = selfNamed([
  'MemberAdded',
  'MemberProfileChanged',
  'MemberRoleChanged',
  'MemberDeactivated',
  'MemberReactivated',
  'MemberPasswordChanged',
  'PasswordResetRequested',
  'MemberLoggedIn',
  'MemberLoggedOut',
  'LoginFailed',
  'PasswordResetRefused',
  'SecondFactorEnabled',
  'SecondFactorDisabled',
  'RecoveryCodeUsed',
  'SecondFactorPolicyChanged',
]) satisfies Record<MemberEvent['type'] | AuthEvent['type'] | TeamSecurityEvent['type'], string>;

/** Personal data of a member: only ever inside an event's encrypted `personalData`. */
export type MemberProfile = {
  firstName: string;
  lastName: string;
  email: string;
};

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
  /**
   * `self` from Settings, `reset` when an admin issued a one-time password, `link` through a
   * password reset link sent by e-mail.
   */
  how: 'self' | 'reset' | 'link';
};

/** A reset link went to the member's e-mail; the link itself is never recorded. */
export type PasswordResetRequestedData = {
  memberId: string;
  resetId: string;
  expiresAt: string;
};

export type PasswordResetRefusalReason = 'unknown_account' | 'inactive';

/** Someone asked for a reset link that was not sent; the asker was told the same as for a sent one. */
export type PasswordResetRefusedData = {
  /** Keyed hash of the e-mail typed, as `LoginFailed` keeps it. */
  emailHash: string;
  memberId: string | null;
  reason: PasswordResetRefusalReason;
};

export type LoginFailureReason =
  | 'unknown_account'
  | 'wrong_password'
  | 'inactive'
  /** The password was right; the code or recovery code of the second step was not. */
  | 'wrong_code';

export type LoginFailedData = {
  /** Keyed hash of the e-mail typed, so repeated guesses can be told apart without storing it. */
  emailHash: string;
  memberId: string | null;
  reason: LoginFailureReason;
};

export type MemberSessionData = {
  memberId: string;
  sessionId: string;
};

// Events of a member's own stream. Personal data is null once it can no longer be decrypted.
export type MemberAdded = {
  type: 'MemberAdded';
  data: MemberAddedData;
  personalData: MemberProfile | null;
};
export type MemberProfileChanged = {
  type: 'MemberProfileChanged';
  data: { memberId: string };
  personalData: MemberProfile | null;
};
export type MemberRoleChanged = { type: 'MemberRoleChanged'; data: MemberRoleChangedData };
export type MemberDeactivated = { type: 'MemberDeactivated'; data: { memberId: string } };
export type MemberReactivated = { type: 'MemberReactivated'; data: { memberId: string } };
export type MemberPasswordChanged = {
  type: 'MemberPasswordChanged';
  data: MemberPasswordChangedData;
};

export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: PasswordResetRequestedData;
};

/** The member confirmed an authenticator app; the secret itself is never recorded. */
export type SecondFactorEnabled = { type: 'SecondFactorEnabled'; data: { memberId: string } };
export type SecondFactorDisabled = { type: 'SecondFactorDisabled'; data: { memberId: string } };
/** A recovery code stood in for the authenticator at a sign-in; `remaining` are still unused. */
export type RecoveryCodeUsed = {
  type: 'RecoveryCodeUsed';
  data: { memberId: string; remaining: number };
};

export type MemberEvent =
  | SecondFactorEnabled
  | SecondFactorDisabled
  | RecoveryCodeUsed
  | PasswordResetRequested
  | MemberAdded
  | MemberProfileChanged
  | MemberRoleChanged
  | MemberDeactivated
  | MemberReactivated
  | MemberPasswordChanged;

// Events of the sign-in streams: a record of access, no state is decided from them.
export type MemberLoggedIn = { type: 'MemberLoggedIn'; data: MemberSessionData };
export type MemberLoggedOut = { type: 'MemberLoggedOut'; data: MemberSessionData };
export type LoginFailed = { type: 'LoginFailed'; data: LoginFailedData };
export type PasswordResetRefused = {
  type: 'PasswordResetRefused';
  data: PasswordResetRefusedData;
};

export type AuthEvent = MemberLoggedIn | MemberLoggedOut | LoginFailed | PasswordResetRefused;

/** An admin changed whether admins must sign in with a second factor. */
export type SecondFactorPolicyChanged = {
  type: 'SecondFactorPolicyChanged';
  data: { requiredForAdmins: boolean };
};

export type TeamSecurityEvent = SecondFactorPolicyChanged;
