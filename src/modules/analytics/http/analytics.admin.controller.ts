import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsSummary,
  WEB_VITALS_DEFAULT_DAYS,
  type WebVitalsSummary,
} from '#src/contract/analytics.js';
import { AnalyticsSummaryReader } from '#src/modules/analytics/queries/analytics-summary.reader.js';
import { WebVitalsReader } from '#src/modules/analytics/queries/web-vitals.reader.js';
import {
  AnalyticsSummaryDto,
  AnalyticsSummaryQuery,
  WebVitalsQuery,
  WebVitalsSummaryDto,
} from './analytics-summary.dto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

@ApiTags('analytics')
@Controller('api/admin/analytics')
@Roles('admin', 'manager')
export class AnalyticsAdminController {
  constructor(
    private readonly reader: AnalyticsSummaryReader,
    private readonly vitals: WebVitalsReader,
  ) {}

  @Get('summary')
  @ApiOperation({
    summary: 'Page views per page and day, and the visit → visualizer → quote funnel',
  })
  @ApiOkResponse({ type: AnalyticsSummaryDto })
  @ApiErrors(400)
  summary(@Query() query: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
    const { from, to } = periodOf(query, ANALYTICS_DEFAULT_DAYS);
    return this.reader.summary(from, to);
  }

  @Get('vitals')
  @ApiOperation({
    summary:
      'Core Web Vitals per page: the 75th percentile of LCP, INP and CLS, and the share good',
  })
  @ApiOkResponse({ type: WebVitalsSummaryDto })
  @ApiErrors(400)
  webVitals(@Query() query: WebVitalsQuery): Promise<WebVitalsSummary> {
    const { from, to } = periodOf(query, WEB_VITALS_DEFAULT_DAYS);
    return this.vitals.summary(from, to);
  }
}

/** The period asked for, `defaultDays` up to now by default; refused when reversed or too long. */
function periodOf(query: { from?: string; to?: string }, defaultDays: number) {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - defaultDays * DAY_MS);
  if (from >= to) throw new BadRequestException('from must be before to');
  if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY_MS) {
    throw new BadRequestException(`the period must be at most ${ANALYTICS_MAX_DAYS} days`);
  }
  return { from, to };
}
