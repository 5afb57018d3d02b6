import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import {
  type ChangeMemberRequest,
  type ProfileInput,
  STAFF_ROLES,
  type StaffRole,
} from '#src/contract/team.js';
import { ExpectedVersionField } from '#src/platform/http/if-match-version.decorator.js';
import { Trimmed } from '#src/platform/http/trimmed.js';

/** Name and e-mail: the same rules in Team and in Settings. */
export class ProfileDto implements ProfileInput {
  @ApiProperty({ example: 'Aino' })
  @Trimmed()
  @IsString()
  @IsNotEmpty({ message: 'firstName should not be empty' })
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ example: 'Virtanen' })
  @Trimmed()
  @IsString()
  @IsNotEmpty({ message: 'lastName should not be empty' })
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ example: 'aino.virtanen@example.fi' })
  @Trimmed()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email: string;
}

export class AddMemberDto extends ProfileDto {
  @ApiPropertyOptional({ enum: STAFF_ROLES, default: 'salesperson', example: 'salesperson' })
  @IsOptional()
  @IsIn(STAFF_ROLES, { message: `role must be one of: ${STAFF_ROLES.join(', ')}` })
  role?: StaffRole;
}

export class ChangeMemberDto extends ProfileDto implements ChangeMemberRequest {
  @ApiProperty({ enum: STAFF_ROLES, example: 'manager' })
  @IsIn(STAFF_ROLES, { message: `role must be one of: ${STAFF_ROLES.join(', ')}` })
  role: StaffRole;

  @ExpectedVersionField('Version the editor saw; a newer one answers 409')
  version?: number;
}

export class MemberIdParams {
  @IsUUID('all', { message: 'id must be a UUID' })
  id: string;
}
