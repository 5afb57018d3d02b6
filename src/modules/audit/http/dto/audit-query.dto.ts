import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PageInfoDto } from '#src/platform/http/page.responses.js';
import { PageNumber, PageSize } from '#src/platform/http/paging.decorators.js';
import { ReportBuildDto } from '#src/modules/reports/index.js';
import {
  AUDIT_COUNT_LIMIT,
  AUDIT_PAGE_SIZE_MAX,
  AUDIT_SORTS,
  type AuditFilter,
  type AuditSort,
} from '#src/contract/audit.js';

const DATE_TIME = { strict: true, strictSeparator: true };

/** The audit log's filters; the page and the CSV export take the same ones. */
export class AuditFilterQuery implements AuditFilter {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only what this member did' })
  @IsOptional()
  @IsUUID('all', { message: 'actorId must be a UUID' })
  actorId?: string;

  @ApiPropertyOptional({ description: 'Event type', example: 'LeadStatusChanged' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'type must be an event type name' })
  type?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only rows about this lead' })
  @IsOptional()
  @IsUUID('all', { message: 'leadId must be a UUID' })
  leadId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only rows about this team member' })
  @IsOptional()
  @IsUUID('all', { message: 'memberId must be a UUID' })
  memberId?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'From this moment on (inclusive)' })
  @IsOptional()
  @IsISO8601(DATE_TIME, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Before this moment (exclusive)' })
  @IsOptional()
  @IsISO8601(DATE_TIME, { message: 'to must be an ISO 8601 date-time' })
  to?: string;

  @ApiPropertyOptional({ description: 'Free text in the sentence', example: 'Proposal' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

export class AuditPageQuery extends AuditFilterQuery {
  @ApiPropertyOptional({ enum: AUDIT_SORTS, example: '-occurredAt' })
  @IsOptional()
  @IsIn(AUDIT_SORTS)
  sort?: AuditSort;

  @PageNumber()
  page?: number;

  @PageSize(AUDIT_PAGE_SIZE_MAX)
  pageSize?: number;
}

export class AuditExportQuery extends AuditFilterQuery {
  @ApiPropertyOptional({ enum: ['-occurredAt', 'occurredAt'], example: '-occurredAt' })
  @IsOptional()
  @IsIn(['-occurredAt', 'occurredAt'])
  sort?: '-occurredAt' | 'occurredAt';
}

class AuditActorDto {
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  id: string | null;
  @ApiProperty({ example: 'Anna Lahti' })
  name: string;
  @ApiProperty({ example: 'manager' })
  role: string;
}

class AuditTargetDto {
  @ApiProperty({ enum: ['lead', 'member', 'column'] })
  kind: string;
  @ApiProperty({ example: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' })
  id: string;
  @ApiProperty({ example: 'Matti Virtanen' })
  label: string;
}

@ApiExtraModels(AuditTargetDto)
export class AuditEntryDto {
  @ApiProperty({ type: 'integer', example: 1234 })
  id: number;
  @ApiProperty({ format: 'date-time' })
  occurredAt: string;
  @ApiProperty({ example: 'LeadStatusChanged' })
  eventType: string;
  @ApiProperty({ example: 'Moved lead' })
  action: string;
  @ApiProperty({ type: AuditActorDto })
  actor: AuditActorDto;
  @ApiProperty({
    nullable: true,
    allOf: [{ $ref: getSchemaPath(AuditTargetDto) }],
    description: 'What the action was done to; null when nothing in particular',
  })
  target: AuditTargetDto | null;
  @ApiProperty({ example: 'Anna Lahti moved Matti Virtanen from Contacted to Proposal' })
  sentence: string;
}

export class AuditPageDto extends PageInfoDto {
  @ApiProperty({ type: [AuditEntryDto] })
  items: AuditEntryDto[];
  @ApiProperty({
    type: 'integer',
    description: `Matching rows, counted up to ${AUDIT_COUNT_LIMIT}`,
  })
  total: number;
  @ApiProperty({ description: 'More rows match than were counted' })
  totalIsLowerBound: boolean;
  @ApiPropertyOptional({
    type: ReportBuildDto,
    description: 'Present while the audit log is being built; items are empty until it is done',
  })
  build?: ReportBuildDto;
}

export class AuditActorChoiceDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'Anna Lahti' })
  name: string;
}
