import { Global, Module } from '@nestjs/common';
import { ScheduledJobs } from './scheduled-jobs.js';

@Global()
@Module({ providers: [ScheduledJobs], exports: [ScheduledJobs] })
export class SchedulingModule {}
