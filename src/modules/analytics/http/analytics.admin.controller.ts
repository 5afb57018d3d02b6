import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsSummary,
} from '#src/contract/analytics.js';
import { AnalyticsSummaryReader } from '#src/modules/analytics/queries/analytics-summary.reader.js';
import { AnalyticsSummaryDto, AnalyticsSummaryQuery } from './analytics-summary.dto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

@ApiTags('analytics')
@Controller('api/admin/analytics')
@Roles('admin', 'manager')
export class AnalyticsAdminController {
  constructor(private readonly reader: AnalyticsSummaryReader) {}

  @Get('summary')
  @ApiOperation({
    summary: 'Page views per page and day, and the visit → visualizer → quote funnel',
  })
  @ApiOkResponse({ type: AnalyticsSummaryDto })
  @ApiErrors(400)
  summary(@Query() query: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from
      ? new Date(query.from)
      : new Date(to.getTime() - ANALYTICS_DEFAULT_DAYS * DAY_MS);
    if (from >= to) throw new BadRequestException('from must be before to');
    if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY_MS) {
      throw new BadRequestException(`the period must be at most ${ANALYTICS_MAX_DAYS} days`);
    }
    return this.reader.summary(from, to);
  }
}
