import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import type {
  RecoveryCodesAnswer as RecoveryCodes,
  SecondFactorSetupAnswer as SecondFactorSetup,
  SecondStepAnswer as SecondStep,
} from '#src/contract/team.js';
import {
  type AddedMemberAnswer as AddedMember,
  type LoginAnswer as Login,
  type MemberAnswer as Member,
  type OneTimePasswordAnswer as OneTimePassword,
  type PasswordResetRequestedAnswer as PasswordResetRequested,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type ProfileAnswer as Profile,
  type SessionAnswer as Session,
  STAFF_ROLES,
  type StaffRole,
  type StaffUser,
  type SuccessAnswer as Success,
  type TeamMember,
} from '#src/contract/team.js';

/** A member as the Team tab lists it. */
export class TeamMemberDto implements TeamMember {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Aino' })
  firstName: string;

  @ApiProperty({ example: 'Virtanen' })
  lastName: string;

  @ApiProperty({ format: 'email', example: 'aino.virtanen@example.fi' })
  email: string;

  @ApiProperty({ enum: STAFF_ROLES })
  role: StaffRole;

  @ApiProperty()
  isActive: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastLogin: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: 'integer', description: 'Send it back as `version` when editing' })
  version: number;
}

export class MemberAnswer implements Member {
  @ApiProperty()
  user: TeamMemberDto;
}

export class OneTimePasswordAnswer implements OneTimePassword {
  @ApiProperty({ description: 'Shown once; the member must change it at the first sign-in' })
  oneTimePassword: string;
}

export class AddedMemberAnswer
  extends IntersectionType(MemberAnswer, OneTimePasswordAnswer)
  implements AddedMember {}

/** The signed-in member, as the admin app keeps it. */
export class StaffUserDto
  extends PickType(TeamMemberDto, ['id', 'firstName', 'lastName', 'email', 'role'] as const)
  implements StaffUser
{
  @ApiProperty({ description: 'Only verify, logout and the password change work until it is done' })
  mustChangePassword: boolean;

  @ApiProperty({ description: 'Sign-in asks for an authenticator code after the password' })
  secondFactor: boolean;

  @ApiProperty({
    description: 'Only verify, logout and the second-factor set-up work until it is done',
  })
  mustSetUpSecondFactor: boolean;
}

export class SuccessAnswer implements Success {
  @ApiProperty({ enum: [true] })
  success: true;
}

export class PasswordResetRequestedAnswer extends SuccessAnswer implements PasswordResetRequested {
  @ApiProperty({ example: PASSWORD_RESET_REQUESTED_MESSAGE })
  message: string;
}

export class LoginAnswer extends SuccessAnswer implements Login {
  @ApiProperty({ description: 'Send as `Authorization: Bearer <token>`' })
  token: string;

  @ApiProperty()
  user: StaffUserDto;
}

export class SessionAnswer implements Session {
  @ApiProperty({ enum: [true] })
  valid: true;

  @ApiProperty()
  user: StaffUserDto;
}

export class ProfileAnswer extends SuccessAnswer implements Profile {
  @ApiProperty()
  user: StaffUserDto;
}

export class SecondStepAnswer implements SecondStep {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({ enum: [true] })
  secondFactorRequired: true;

  @ApiProperty({ description: 'Send it to `POST /api/auth/login/second-factor` with the code' })
  challenge: string;

  @ApiProperty({ type: 'integer', example: 300 })
  expiresInSeconds: number;
}

export class SecondFactorSetupAnswer implements SecondFactorSetup {
  @ApiProperty({ description: 'Base32, to type into the app by hand', example: 'JBSWY3DPEHPK3PXP' })
  secret: string;

  @ApiProperty({ example: 'otpauth://totp/Keitti%C3%B6kalvo%20admin:aino%40example.fi?secret=…' })
  otpauthUri: string;

  @ApiProperty({ description: 'The URI as a QR code: a PNG data URL' })
  qrCode: string;
}

export class RecoveryCodesAnswer extends SuccessAnswer implements RecoveryCodes {
  @ApiProperty({ type: [String], description: 'Shown once; each works once' })
  recoveryCodes: string[];
}
