import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  DOOR_STYLES,
  type DoorStyle,
} from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { Trimmed } from '#src/platform/http/trimmed.js';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 40;
export const MESSAGE_MAX = 5000;

export class QuoteCustomerDto {
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX)
  firstName: string;

  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX)
  lastName: string;

  @Trimmed()
  @IsString()
  @MaxLength(EMAIL_MAX)
  @IsEmail()
  email: string;

  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  address: string;

  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX)
  city: string;

  @ApiPropertyOptional({ default: 'FI', description: 'ISO 3166-1 alpha-2 code' })
  @Trimmed()
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code such as FI' })
  country?: string;

  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PHONE_MAX)
  @Matches(/^\+?[0-9][0-9 ()-]*$/, { message: 'phone must be a phone number' })
  phone: string;

  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX)
  message?: string;
}

/** The wizard's payload (docs/product.md#quote-wizard). The price never comes from the client. */
export class SubmitQuoteDto {
  @ApiProperty({ enum: DOOR_STYLES })
  @IsIn(DOOR_STYLES)
  doorStyle: DoorStyle;

  @IsInt()
  @Min(0)
  @Max(999)
  doors: number;

  @IsInt()
  @Min(0)
  @Max(999)
  drawers: number;

  @ApiProperty({ description: 'Worktop metres, whole metres rounded up' })
  @IsInt()
  @Min(0)
  @Max(100)
  metres: number;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => QuoteCustomerDto)
  customer: QuoteCustomerDto;

  @ApiPropertyOptional({ description: 'Visualizer pattern code the visitor asked a quote for' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]{1,20}$/, { message: 'patternId must be a pattern code' })
  patternId?: string;
}

export interface QuoteAnswer {
  totalPrice: number;
  doorStyle: DoorStyle;
  doors: number;
  drawers: number;
  metres: number;
  leadId: string;
}
