import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { DOOR_STYLES, type DoorStyle } from '#src/contract/leads.js';
import type {
  QuoteAnswer as QuoteAnswerShape,
  QuoteCustomer,
  QuoteRequest,
} from '#src/contract/quote.js';
import { IntegerBetween } from '#src/platform/http/number-fields.js';
import { OneLine, Trimmed } from '#src/platform/http/trimmed.js';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 40;
export const MESSAGE_MAX = 5000;

/** A required line of text: trimmed, not blank, one line of at most `max` characters. */
const RequiredLine = (max: number) =>
  applyDecorators(Trimmed(), IsString(), IsNotEmpty(), MaxLength(max), OneLine());

export class QuoteCustomerDto implements QuoteCustomer {
  @ApiProperty({ example: 'Aino' })
  @RequiredLine(NAME_MAX)
  firstName: string;

  @ApiProperty({ example: 'Virtanen' })
  @RequiredLine(NAME_MAX)
  lastName: string;

  @ApiProperty({ example: 'aino.virtanen@example.fi' })
  @Trimmed()
  @IsString()
  @MaxLength(EMAIL_MAX)
  @IsEmail()
  email: string;

  @ApiProperty({ example: 'Mannerheimintie 12 B 7' })
  @RequiredLine(200)
  address: string;

  @ApiProperty({ example: 'Helsinki' })
  @RequiredLine(NAME_MAX)
  city: string;

  @ApiPropertyOptional({ default: 'FI', description: 'ISO 3166-1 alpha-2 code', example: 'FI' })
  @Trimmed()
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code such as FI' })
  country?: string;

  @ApiProperty({ example: '+358 40 123 4567' })
  @Trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(PHONE_MAX)
  @Matches(/^\+?[0-9][0-9 ()-]*$/, { message: 'phone must be a phone number' })
  phone: string;

  @ApiPropertyOptional({ example: 'Keittiössä on 12 ovea ja 4 laatikkoa, toivoisin tarjousta.' })
  @Trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX)
  message?: string;
}

/** The wizard's payload (docs/product.md#quote-wizard). The price never comes from the client. */
export class SubmitQuoteDto implements QuoteRequest {
  @ApiProperty({ enum: DOOR_STYLES, example: 'Uritettu' })
  @IsIn(DOOR_STYLES)
  doorStyle: DoorStyle;

  @ApiProperty({ type: 'integer', description: 'Cabinet doors to cover', example: 12 })
  @IntegerBetween(0, 999)
  doors: number;

  @ApiProperty({ type: 'integer', description: 'Drawer fronts to cover', example: 4 })
  @IntegerBetween(0, 999)
  drawers: number;

  @ApiProperty({
    type: 'integer',
    description: 'Worktop metres, whole metres rounded up',
    example: 3,
  })
  @IntegerBetween(0, 100)
  metres: number;

  @ApiProperty({ description: 'Who asks for the quote' })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => QuoteCustomerDto)
  customer: QuoteCustomerDto;

  @ApiPropertyOptional({
    description: 'Visualizer pattern code the visitor asked a quote for',
    example: 'NH10',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]{1,20}$/, { message: 'patternId must be a pattern code' })
  patternId?: string;
}

/** The price the server computed for the quantities it accepted, and the lead it created. */
export class QuoteAnswer
  extends PickType(SubmitQuoteDto, ['doorStyle', 'doors', 'drawers', 'metres'] as const)
  implements QuoteAnswerShape
{
  @ApiProperty({ description: 'Euros, VAT included', example: 1290 })
  totalPrice: number;

  @ApiProperty({ format: 'uuid' })
  leadId: string;
}
