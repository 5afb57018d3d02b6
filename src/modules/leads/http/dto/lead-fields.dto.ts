import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { IntegerBetween } from '#src/platform/http/number-fields.js';
import { DOOR_STYLES, type DoorStyle } from '#src/modules/leads/domain/lead.types.js';

const NOT_BLANK = /\S/;

/** The three fields a lead cannot be without, validated the same way wherever they are sent. */
export const NameField = (property: string) =>
  applyDecorators(
    IsString(),
    Matches(NOT_BLANK, { message: `${property} should not be empty` }),
    MaxLength(100),
  );
export const EmailField = () =>
  applyDecorators(IsEmail({}, { message: 'customerEmail must be an email' }), MaxLength(254));

/** An optional text field of at most `maxLength` characters, documented with `example`. */
export const OptionalText = (maxLength: number, example: string) =>
  applyDecorators(ApiPropertyOptional({ example }), IsOptional(), IsString(), MaxLength(maxLength));

/** Metres or euros: a finite number with at most two decimals, from 0 to `max`. */
const TwoDecimals = (max: number) =>
  applyDecorators(
    IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }),
    Min(0),
    Max(max),
  );

/** Every lead field except the required three; all optional so an update sends only changes. */
export class LeadDetailsDto {
  @OptionalText(50, '+358 40 123 4567')
  customerPhone?: string;

  @OptionalText(200, 'Hämeenkatu 5 A 3')
  customerAddress?: string;

  @OptionalText(100, 'Tampere')
  customerCity?: string;

  @OptionalText(2, 'FI')
  customerCountry?: string;

  // null in the list too: under OpenAPI 3.0 `nullable` does not widen an enum.
  @ApiPropertyOptional({ enum: [...DOOR_STYLES, null], nullable: true, example: 'Tasapintainen' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(DOOR_STYLES)
  doorStyle?: DoorStyle | null;

  @ApiPropertyOptional({ example: 10 })
  @IsOptional()
  @IntegerBetween(0, 10_000)
  doors?: number;

  @ApiPropertyOptional({ example: 3 })
  @IsOptional()
  @IntegerBetween(0, 10_000)
  drawers?: number;

  @ApiPropertyOptional({ example: 2.5 })
  @IsOptional()
  @TwoDecimals(100_000)
  metres?: number;

  @ApiPropertyOptional({ description: 'Euros, VAT included', example: 1490 })
  @IsOptional()
  @TwoDecimals(100_000_000)
  totalPrice?: number;

  @ApiPropertyOptional({ description: 'A pipeline column id', example: 'new' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  status?: string;

  @OptionalText(10_000, 'Soitettu, asiakas toivoo käyntiä tiistaina.')
  notes?: string;
}

export class LeadFieldsDto extends LeadDetailsDto {
  @ApiPropertyOptional({ example: 'Aino' })
  @IsOptional()
  @NameField('customerFirstName')
  customerFirstName?: string;

  @ApiPropertyOptional({ example: 'Virtanen' })
  @IsOptional()
  @NameField('customerLastName')
  customerLastName?: string;

  @ApiPropertyOptional({ example: 'aino.virtanen@example.fi' })
  @IsOptional()
  @EmailField()
  customerEmail?: string;
}
