import { Global, Module } from '@nestjs/common';
import { RequestPressure } from './request-pressure.js';
import { ScheduledJobs } from './scheduled-jobs.js';

@Global()
@Module({ providers: [ScheduledJobs, RequestPressure], exports: [ScheduledJobs, RequestPressure] })
export class SchedulingModule {}
