import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import type { TeamMember } from '#src/modules/team/queries/members.repository.js';
import { STAFF_ROLES, type StaffRole } from '#src/platform/http/access.decorators.js';

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

export class MemberAnswer {
  @ApiProperty()
  user: TeamMemberDto;
}

export class OneTimePasswordAnswer {
  @ApiProperty({ description: 'Shown once; the member must change it at the first sign-in' })
  oneTimePassword: string;
}

export class AddedMemberAnswer extends IntersectionType(MemberAnswer, OneTimePasswordAnswer) {}

/** The signed-in member, as the admin app keeps it. */
export class StaffUserDto extends PickType(TeamMemberDto, [
  'id',
  'firstName',
  'lastName',
  'email',
  'role',
] as const) {
  @ApiProperty({ description: 'Only verify, logout and the password change work until it is done' })
  mustChangePassword: boolean;
}

export class SuccessAnswer {
  @ApiProperty({ enum: [true] })
  success: true;
}

export class LoginAnswer extends SuccessAnswer {
  @ApiProperty({ description: 'Send as `Authorization: Bearer <token>`' })
  token: string;

  @ApiProperty()
  user: StaffUserDto;
}

export class SessionAnswer {
  @ApiProperty({ enum: [true] })
  valid: true;

  @ApiProperty()
  user: StaffUserDto;
}

export class ProfileAnswer extends SuccessAnswer {
  @ApiProperty()
  user: StaffUserDto;
}
