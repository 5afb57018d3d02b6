import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
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
