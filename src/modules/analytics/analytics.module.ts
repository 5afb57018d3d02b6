import { Module } from '@nestjs/common';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsController } from './http/analytics.controller.js';

/** Anonymous page views and funnel events of the public site. */
@Module({ controllers: [AnalyticsController], providers: [AnalyticsRepository] })
export class AnalyticsModule {}
