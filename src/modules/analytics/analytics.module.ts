import { Module } from '@nestjs/common';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsAdminController } from './http/analytics.admin.controller.js';
import { AnalyticsController } from './http/analytics.controller.js';
import { AnalyticsSummaryReader } from './queries/analytics-summary.reader.js';

/** Anonymous page views and funnel events of the public site, and their summary for staff. */
@Module({
  controllers: [AnalyticsController, AnalyticsAdminController],
  providers: [AnalyticsRepository, AnalyticsSummaryReader],
})
export class AnalyticsModule {}
