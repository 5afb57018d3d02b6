import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import type {
  SecondFactorCodeInput,
  SecondFactorDisableInput,
  SecondStepRequest,
  TeamSecurityPolicy,
} from '#src/contract/team.js';
import { PASSWORD_MAX_LENGTH } from '#src/modules/team/domain/password-policy.js';
import { Trimmed } from '#src/platform/http/trimmed.js';

const CODE = /^\d{6}$/;
const CODE_MESSAGE = 'code must be the 6 digits the authenticator app shows';
const RECOVERY = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

export class SecondStepDto implements SecondStepRequest {
  @ApiProperty({
    description: 'The `challenge` the password step answered',
    example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZW1iZXIifQ.c2lnbmF0dXJl',
  })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, {
    message: 'challenge must be the challenge the sign-in answered',
  })
  @MaxLength(1000)
  challenge: string;

  @ApiPropertyOptional({ example: '123456', description: 'Either this or `recoveryCode`' })
  @ValidateIf((body: SecondStepDto) => body.code !== undefined || body.recoveryCode === undefined)
  @Trimmed()
  @IsString({ message: 'code or recoveryCode is required' })
  @Matches(CODE, { message: CODE_MESSAGE })
  code?: string;

  @ApiPropertyOptional({ description: 'Instead of `code`, one of the ten, e.g. `k7pmq-3xdwz`' })
  @ValidateIf((body: SecondStepDto) => body.recoveryCode !== undefined)
  @Trimmed()
  @IsString()
  @Matches(RECOVERY, { message: 'recoveryCode must look like abcde-fghjk' })
  recoveryCode?: string;
}

export class SecondFactorCodeDto implements SecondFactorCodeInput {
  @ApiProperty({ example: '123456' })
  @Trimmed()
  @IsString()
  @Matches(CODE, { message: CODE_MESSAGE })
  code: string;
}

export class SecondFactorDisableDto
  extends SecondFactorCodeDto
  implements SecondFactorDisableInput
{
  @ApiProperty({ example: 'kalvo-Keittiö-2026' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class TeamSecurityPolicyDto implements TeamSecurityPolicy {
  @ApiProperty({
    description: 'Admins without a second factor must set one up at sign-in',
    example: false,
  })
  @IsBoolean()
  secondFactorRequiredForAdmins: boolean;
}
