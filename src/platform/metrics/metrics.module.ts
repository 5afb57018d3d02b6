import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { Metrics } from './metrics.js';

/**
 * What the platform owns: the app's pool of database connections and the async projections'
 * lag. pg-pool tells how many callers wait for a connection now, not how long they waited.
 */
@Injectable()
class PlatformMetrics {
  constructor(metrics: Metrics, @Inject(PG_POOL) pool: pg.Pool, projections: ProjectionManager) {
    metrics.gauge(
      'db_pool_waiting_requests',
      'Queries waiting for a free connection of the app pool',
      () => pool.waitingCount,
    );
    metrics.gauge(
      'db_pool_connections',
      'Connections of the app pool, idle or in use',
      () => [
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'busy' }, value: pool.totalCount - pool.idleCount },
      ],
      ['state'],
    );
    metrics.gauge(
      'projection_lag_events',
      'Committed events an async projection has not processed yet',
      async () =>
        (await projections.status())
          .filter(({ mode }) => mode === 'async')
          .map(({ name, lag }) => ({ labels: { projection: name }, value: lag })),
      ['projection'],
    );
  }
}

/** The Prometheus registry every module adds its gauges to. */
@Global()
@Module({ providers: [Metrics, PlatformMetrics], exports: [Metrics] })
export class MetricsModule {}
