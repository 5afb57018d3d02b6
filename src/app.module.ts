import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { HealthModule } from './modules/health/index.js';
import { TeamModule } from './modules/team/index.js';
import { LeadsModule } from './modules/leads/index.js';
import { MailModule } from './modules/mail/index.js';
import { AnalyticsModule } from './modules/analytics/index.js';
import { AuditModule } from './modules/audit/index.js';
import { QuotesModule } from './modules/quotes/index.js';
import { SiteModule } from './modules/site/index.js';
import { PatternsModule } from './modules/patterns/index.js';
import { ReportsModule } from './modules/reports/index.js';
import { VisualizerModule } from './modules/visualizer/index.js';
import { BackupsModule } from './modules/backups/index.js';
import { LiveModule } from './modules/live/index.js';
import { FileStoreModule } from './platform/storage/file-stores.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { databaseWaitsFrom } from './platform/database/database-waits.js';
import { EventStoreModule } from './platform/event-store/event-store.module.js';
import { SchedulingModule } from './platform/scheduling/scheduling.module.js';
import { MetricsModule } from './platform/metrics/metrics.module.js';
import { AccessGuard } from './platform/http/access.guard.js';
import { requestContextMetadata } from './platform/http/request-context-metadata.js';
import { httpLogSerializers } from './platform/logging/log-serializers.js';
import { AppThrottlerGuard } from './platform/http/throttle.guard.js';
import { FixedWindowThrottlerStorage } from './platform/http/fixed-window-throttler-storage.js';
import { SharedThrottlerStorage } from './platform/http/shared-throttler-storage.js';
import { PG_POOL } from './platform/database/queryable.js';
import type pg from 'pg';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  /** False in tests and CLI tools that drive projections themselves. */
  runProjections?: boolean;
  /** Where logs go instead of stdout; tests read them. */
  logDestination?: DestinationStream;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    const { config } = options;
    const httpLogging = {
      level: config.LOG_LEVEL,
      serializers: httpLogSerializers,
      autoLogging: {
        ignore: (req: { url?: string }) =>
          req.url === '/api/health' || req.url === '/api/health/ready',
      },
    };
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        FileStoreModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: options.logDestination ? [httpLogging, options.logDestination] : httpLogging,
        }),
        DatabaseModule.forRoot(options.databaseUrl, databaseWaitsFrom(config)),
        MetricsModule,
        EventStoreModule.forRoot({
          runProjections: options.runProjections ?? true,
          metadata: requestContextMetadata,
        }),
        CqrsModule.forRoot(),
        ScheduleModule.forRoot(),
        SchedulingModule,
        ThrottlerModule.forRootAsync({
          inject: [PG_POOL],
          useFactory: (pool: pg.Pool) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: 1200 }],
            storage:
              config.RATE_LIMIT_STORE === 'database'
                ? new SharedThrottlerStorage(pool, new FixedWindowThrottlerStorage())
                : new FixedWindowThrottlerStorage(),
          }),
        }),
        HealthModule,
        // Express tries routes in the order modules register them: the public writes, the
        // busiest routes, come right after the health check
        // (docs/decisions/0040-leaner-public-requests.md).
        QuotesModule,
        TeamModule,
        LeadsModule,
        MailModule,
        SiteModule,
        AnalyticsModule,
        PatternsModule,
        ReportsModule,
        VisualizerModule,
        BackupsModule,
        AuditModule,
        LiveModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AppThrottlerGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
