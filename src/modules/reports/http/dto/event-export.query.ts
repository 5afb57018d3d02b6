import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { IntegerBetween } from '#src/platform/http/number-fields.js';

export class EventExportQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description:
      'Global position of the last event you already have: the export continues after it',
    example: 0,
  })
  @IsOptional()
  @Type(() => Number)
  @IntegerBetween(0, Number.MAX_SAFE_INTEGER)
  after?: number;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Only events that happened at or after this time',
    example: '2026-11-01T00:00:00Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'since must be an ISO 8601 date' })
  since?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'Include customers’ personal data; the export is then recorded in the log',
    example: 'false',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'includePersonalData must be true or false' })
  includePersonalData?: 'true' | 'false';
}
