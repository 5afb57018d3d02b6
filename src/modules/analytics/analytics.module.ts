import { Module } from '@nestjs/common';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsAdminController } from './http/analytics.admin.controller.js';
import { AnalyticsController } from './http/analytics.controller.js';
import { AnalyticsSummaryReader } from './queries/analytics-summary.reader.js';
import { WebVitalsReader } from './queries/web-vitals.reader.js';

/**
 * Anonymous page views, funnel events and Core Web Vitals of the public site, and their summaries
 * for staff.
 */
@Module({
  controllers: [AnalyticsController, AnalyticsAdminController],
  providers: [AnalyticsRepository, AnalyticsSummaryReader, WebVitalsReader],
})
export class AnalyticsModule {}
