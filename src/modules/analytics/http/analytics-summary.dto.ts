import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '#src/contract/analytics.js';

const DATE_TIME = { strict: true, strictSeparator: true };

export class AnalyticsSummaryQuery {
  @ApiPropertyOptional({
    format: 'date-time',
    description: `Start (inclusive); ${ANALYTICS_DEFAULT_DAYS} days before \`to\` when left out`,
  })
  @IsOptional()
  @IsISO8601(DATE_TIME, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: `End (exclusive), now when left out; at most ${ANALYTICS_MAX_DAYS} days after \`from\``,
  })
  @IsOptional()
  @IsISO8601(DATE_TIME, { message: 'to must be an ISO 8601 date-time' })
  to?: string;
}

class PageViewsDayDto {
  @ApiProperty({ example: '2026-11-23' })
  day: string;
  @ApiProperty({ example: '/visualizer' })
  page: string;
  @ApiProperty({ type: 'integer', example: 42 })
  views: number;
}

class FunnelStepDto {
  @ApiProperty({ enum: ['visit', 'visualizer', 'quote'] })
  step: string;
  @ApiProperty({ example: 'Visits' })
  label: string;
  @ApiProperty({ type: 'integer', example: 1200 })
  count: number;
}

export class AnalyticsSummaryDto {
  @ApiProperty({ format: 'date-time' })
  from: string;
  @ApiProperty({ format: 'date-time' })
  to: string;
  @ApiProperty({ type: [PageViewsDayDto] })
  pageViews: PageViewsDayDto[];
  @ApiProperty({ type: [FunnelStepDto] })
  funnel: FunnelStepDto[];
}
