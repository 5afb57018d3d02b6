/** Staff, their roles and sign-in, as the admin app and the server name them. */

export const STAFF_ROLES = ['admin', 'manager', 'salesperson'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The shortest password a member may choose (docs/product.md#staff-accounts). */
export const PASSWORD_MIN_LENGTH = 12;

/** A member as the Team tab lists it. */
export interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
  /** Sent back as `version` when editing. */
  version: number;
}

export interface MemberInput {
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
}

/** Without `version` the change applies to the latest member. */
export type ChangeMemberRequest = MemberInput & { version?: number };

export interface MemberAnswer {
  user: TeamMember;
}

export interface OneTimePasswordAnswer {
  /** Shown once; the member must change it at the first sign-in. */
  oneTimePassword: string;
}

export type AddedMemberAnswer = MemberAnswer & OneTimePasswordAnswer;

/** The signed-in member, as the admin app keeps it. */
export interface StaffUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
  mustChangePassword: boolean;
  /** Sign-in asks for a code from an authenticator app after the password. */
  secondFactor: boolean;
  /** An admin the team requires a second factor of, without one: only its set-up works. */
  mustSetUpSecondFactor: boolean;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface SuccessAnswer {
  success: true;
}

export interface LoginAnswer extends SuccessAnswer {
  token: string;
  user: StaffUser;
}

/** The password was right and a second step is due: no session yet, only the challenge. */
export interface SecondStepAnswer {
  success: true;
  secondFactorRequired: true;
  /** Signed, short-lived; sent back with the code. */
  challenge: string;
  expiresInSeconds: number;
}

export type SignInAnswer = LoginAnswer | SecondStepAnswer;

/** The second step: a code from the authenticator app, or one of the recovery codes. */
export interface SecondStepRequest {
  challenge: string;
  code?: string;
  recoveryCode?: string;
}

/** A second factor being set up: shown once, to put into an authenticator app. */
export interface SecondFactorSetupAnswer {
  /** Base32, for typing in by hand. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code, a PNG data URL. */
  qrCode: string;
}

export interface SecondFactorCodeInput {
  code: string;
}

/** Ten single-use codes, shown once, that stand in for the authenticator at a sign-in. */
export interface RecoveryCodesAnswer extends SuccessAnswer {
  recoveryCodes: string[];
}

export interface SecondFactorDisableInput {
  password: string;
  code: string;
}

/** The team's sign-in policy, which admins set in the Team tab. */
export interface TeamSecurityPolicy {
  secondFactorRequiredForAdmins: boolean;
}

export const RECOVERY_CODE_COUNT = 10;
/** TOTP as authenticator apps read it (RFC 6238): 6 digits every 30 seconds. */
export const SECOND_FACTOR_CODE_DIGITS = 6;

export interface SessionAnswer {
  valid: true;
  user: StaffUser;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
}

export interface ProfileAnswer extends SuccessAnswer {
  user: StaffUser;
}

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Asks for a password reset link (the answer never tells whether the e-mail is a member's). */
export interface PasswordResetRequest {
  email: string;
}

/** Sets a new password with the token of a reset link. */
export interface PasswordResetCompletion {
  token: string;
  newPassword: string;
}

/** What the forgot-password form shows, whether or not a link was sent. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If that e-mail belongs to an active team member, a link to set a new password is on its way. It works once, for 30 minutes.';

export interface PasswordResetRequestedAnswer extends SuccessAnswer {
  message: string;
}
