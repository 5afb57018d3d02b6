import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { COLUMN_COLORS, type ColumnColor } from '#src/modules/leads/domain/pipeline-columns.js';
import { LEAD_SORTS, type LeadSort } from '#src/modules/leads/queries/lead-read.repository.js';
import { EmailField, LeadDetailsDto, LeadFieldsDto, NameField } from './lead-fields.dto.js';

const REQUIRED = 'Please fill in required fields (First Name, Last Name, Email)';

export class CreateLeadDto extends LeadDetailsDto {
  @ApiProperty()
  @IsDefined({ message: REQUIRED })
  @NameField('customerFirstName')
  customerFirstName: string;

  @ApiProperty()
  @IsDefined({ message: REQUIRED })
  @NameField('customerLastName')
  customerLastName: string;

  @ApiProperty()
  @IsDefined({ message: REQUIRED })
  @EmailField()
  customerEmail: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  message?: string;
}

const EXPECTED_VERSION = {
  description:
    'The lead version the user saw (or send If-Match); a newer lead answers 409. Without it the change applies to the latest version.',
};

export class UpdateLeadDto extends LeadFieldsDto {
  @ApiPropertyOptional(EXPECTED_VERSION)
  @IsOptional()
  @IsInt()
  @Min(1)
  expectedVersion?: number;
}

/** The board's quick change: status and/or notes. */
export class ChangeLeadStatusDto extends PickType(LeadDetailsDto, ['status', 'notes'] as const) {
  @ApiPropertyOptional(EXPECTED_VERSION)
  @IsOptional()
  @IsInt()
  @Min(1)
  expectedVersion?: number;
}

export class ExpectedVersionQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  expectedVersion?: number;
}

export class ListLeadsQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  status?: string;

  @ApiPropertyOptional({ enum: LEAD_SORTS })
  @IsOptional()
  @IsIn(LEAD_SORTS)
  sort?: LeadSort;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize?: number;
}

export class AddColumnDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(60)
  name: string;

  @ApiProperty({ enum: COLUMN_COLORS })
  @IsIn(COLUMN_COLORS)
  color: ColumnColor;
}

export class EditColumnDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(60)
  name?: string;

  @ApiPropertyOptional({ enum: COLUMN_COLORS })
  @IsOptional()
  @IsIn(COLUMN_COLORS)
  color?: ColumnColor;
}

export class RemoveColumnQuery {
  @ApiPropertyOptional({ description: 'Column that receives the removed column’s leads' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  moveLeadsTo?: string;
}
