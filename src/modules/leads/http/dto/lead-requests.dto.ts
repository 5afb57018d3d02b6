import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ExpectedVersionField } from '#src/platform/http/if-match-version.decorator.js';
import { PageNumber, PageSize } from '#src/platform/http/paging.decorators.js';
import {
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { LEAD_SORTS, type LeadSort, type MergeLeadRequest } from '#src/contract/leads.js';
import { COLUMN_COLORS, type ColumnColor } from '#src/contract/pipeline.js';
import {
  EmailField,
  LeadDetailsDto,
  LeadFieldsDto,
  NameField,
  OptionalText,
} from './lead-fields.dto.js';

const REQUIRED = 'Please fill in required fields (First Name, Last Name, Email)';

export class CreateLeadDto extends LeadDetailsDto {
  @ApiProperty({ example: 'Aino' })
  @IsDefined({ message: REQUIRED })
  @NameField('customerFirstName')
  customerFirstName: string;

  @ApiProperty({ example: 'Virtanen' })
  @IsDefined({ message: REQUIRED })
  @NameField('customerLastName')
  customerLastName: string;

  @ApiProperty({ example: 'aino.virtanen@example.fi' })
  @IsDefined({ message: REQUIRED })
  @EmailField()
  customerEmail: string;

  @OptionalText(5000, 'Tarjous puhelimessa, asiakas haluaa mallit nähtäväksi.')
  message?: string;
}

const LEAD_VERSION =
  'The lead version the user saw (or send If-Match); a newer lead answers 409. Without it the change applies to the latest version.';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export class UpdateLeadDto extends LeadFieldsDto {
  @ExpectedVersionField(LEAD_VERSION)
  expectedVersion?: number;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'An active team member; null: nobody owns the lead',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUUID('all', { message: 'ownerId must be a team member id' })
  ownerId?: string | null;

  // No example: a fixed day would lie in the past one day, and the documented example must work.
  @ApiPropertyOptional({ description: 'The follow-up day in Finland (YYYY-MM-DD), today or later' })
  @IsOptional()
  @Matches(CALENDAR_DAY, { message: 'followUpOn must be a date as YYYY-MM-DD' })
  followUpOn?: string;

  @ApiPropertyOptional({ description: 'The follow-up note; needs a follow-up day' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  followUpNote?: string;

  @ApiPropertyOptional({
    enum: [true],
    description: 'Marks the open follow-up done (before a new `followUpOn`, if sent)',
  })
  @IsOptional()
  @IsIn([true], { message: 'followUpDone must be true when sent' })
  followUpDone?: true;
}

/** The board's quick change: status and/or notes. */
export class ChangeLeadStatusDto extends PickType(LeadDetailsDto, ['status', 'notes'] as const) {
  @ExpectedVersionField(LEAD_VERSION)
  expectedVersion?: number;
}

/** Merges the lead of the path into another (docs/decisions/0127-duplicate-leads.md). */
export class MergeLeadDto implements MergeLeadRequest {
  @ApiProperty({
    format: 'uuid',
    description: 'The lead that stays and takes in this one',
    example: '5d0c7a53-6f4e-4b8e-9f3a-2a1d6c8b9e01',
  })
  @IsUUID()
  into: string;

  @ExpectedVersionField(
    'The version of the lead merged away the user saw; a newer lead answers 409.',
  )
  expectedVersion?: number;
}

export class ExpectedVersionQuery {
  @ExpectedVersionField('The lead version the user saw; a newer lead answers 409.')
  @Type(() => Number)
  expectedVersion?: number;
}

/** An optional filter by the member who owns what is listed. */
const OwnerFilter = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ format: 'uuid', description }),
    IsOptional(),
    IsUUID('all', { message: 'owner must be a team member id' }),
  );

export class ListLeadsQuery {
  @OptionalText(200, 'Virtanen')
  search?: string;

  @OptionalText(100, 'new')
  status?: string;

  @ApiPropertyOptional({ enum: LEAD_SORTS, example: '-createdAt' })
  @IsOptional()
  @IsIn(LEAD_SORTS)
  sort?: LeadSort;

  @OwnerFilter('Only the leads this member owns')
  owner?: string;

  @PageNumber()
  page?: number;

  @PageSize(200)
  pageSize?: number;
}

/** The board's filter without paging: what the CSV export takes. */
export class LeadsCsvQuery extends PickType(ListLeadsQuery, [
  'search',
  'status',
  'owner',
  'sort',
] as const) {}

export class FollowUpsQuery {
  @OwnerFilter('Only this member’s follow-ups')
  owner?: string;
}

export class AddColumnDto {
  @ApiProperty({ example: 'Site visit' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(60)
  name: string;

  @ApiProperty({ enum: COLUMN_COLORS, example: 'orange' })
  @IsIn(COLUMN_COLORS)
  color: ColumnColor;
}

/** A column's new name, colour, or both. */
export class EditColumnDto extends PartialType(AddColumnDto) {}

export class RemoveColumnQuery {
  @ApiPropertyOptional({
    description: 'Column that receives the removed column’s leads',
    example: 'contacted',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  moveLeadsTo?: string;
}
