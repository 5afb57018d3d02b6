import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';
import { Trimmed } from '#src/platform/http/trimmed.js';
import type { SubjectAccessRequest } from '#src/contract/subject-access.js';

export class SubjectAccessDto implements SubjectAccessRequest {
  @ApiProperty({ example: 'aino.virtanen@example.fi' })
  @Trimmed()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email: string;
}
