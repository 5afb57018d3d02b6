import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  WEB_VITALS,
  WEB_VITALS_DEFAULT_DAYS,
} from '#src/contract/analytics.js';

const DATE_TIME = { strict: true, strictSeparator: true };

/** `from`–`to` of a summary, `defaultDays` long when `from` is left out. */
function periodQuery(defaultDays: number) {
  class PeriodQuery {
    @ApiPropertyOptional({
      format: 'date-time',
      description: `Start (inclusive); ${defaultDays} days before \`to\` when left out`,
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
  return PeriodQuery;
}

export class AnalyticsSummaryQuery extends periodQuery(ANALYTICS_DEFAULT_DAYS) {}
export class WebVitalsQuery extends periodQuery(WEB_VITALS_DEFAULT_DAYS) {}

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

class PageVitalDto {
  @ApiProperty({ enum: WEB_VITALS.map((vital) => vital.metric) })
  metric: string;
  @ApiProperty({
    description: '75th percentile of the page views: LCP and INP in ms, CLS a score',
    example: 1830,
  })
  p75: number;
  @ApiProperty({ description: 'Share of the page views rated good, 0..1', example: 0.92 })
  goodShare: number;
  @ApiProperty({ type: 'integer', example: 120 })
  samples: number;
}

class PageVitalsDto {
  @ApiProperty({ example: '/quote' })
  page: string;
  @ApiProperty({
    type: [PageVitalDto],
    description: 'LCP, INP, CLS; one no view reported is left out',
  })
  vitals: PageVitalDto[];
}

export class WebVitalsSummaryDto {
  @ApiProperty({ format: 'date-time' })
  from: string;
  @ApiProperty({ format: 'date-time' })
  to: string;
  @ApiProperty({ type: [PageVitalsDto], description: 'Most measured pages first' })
  pages: PageVitalsDto[];
}
