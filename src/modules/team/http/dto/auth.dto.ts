import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#src/modules/team/domain/password-policy.js';
import { Trimmed } from '#src/platform/http/trimmed.js';
import type {
  LoginRequest,
  PasswordInput,
  PasswordResetCompletion,
  PasswordResetRequest,
} from '#src/contract/team.js';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'aino.virtanen@example.fi' })
  @Trimmed()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'kalvo-Keittiö-2026' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class ChangePasswordDto implements PasswordInput {
  @ApiProperty({ example: 'kalvo-Keittiö-2026' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  currentPassword: string;

  @ApiProperty({ example: 'uusi Salasana keittiölle 7' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `newPassword must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  })
  @MaxLength(PASSWORD_MAX_LENGTH)
  newPassword: string;
}

export class PasswordResetRequestDto
  extends PickType(LoginDto, ['email'] as const)
  implements PasswordResetRequest {}

export class PasswordResetCompletionDto
  extends PickType(ChangePasswordDto, ['newPassword'] as const)
  implements PasswordResetCompletion
{
  @ApiProperty({
    description: 'The token of the link the e-mail carried',
    example: 'q2Lw8yJb0dX4sVt6nR1mK9cE5aF7hG3jU0oP2iY8zQw',
  })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: 'token must be the token of a reset link' })
  token: string;
}
