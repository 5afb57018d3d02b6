import { Controller, Get, Inject, Req, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { Public } from '#src/platform/http/access.decorators.js';
import type { StaffRequest } from '#src/platform/http/access.guard.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { readiness } from '#src/platform/lifecycle/readiness.js';
import { HealthAnswer, ReadinessAnswer } from './health.responses.js';

/** However often it is asked, the database is probed at most this often. */
const PROBE_INTERVAL_MS = 1000;

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  private probe: { at: number; up: Promise<boolean> } | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly projections: ProjectionManager,
  ) {}

  /**
   * Public and unthrottled for load balancers, so it costs one shared probe and tells anonymous
   * callers nothing about the software; signed-in staff also see the runtime and projection lag.
   */
  @Public()
  @SkipThrottle()
  @Get()
  @ApiOkResponse({
    type: HealthAnswer,
    description: 'Anonymous callers get status and database only; signed-in staff get all fields',
  })
  @ApiErrors(503)
  async health(@Req() request: StaffRequest): Promise<HealthAnswer> {
    if (!(await this.databaseUp())) {
      throw new ServiceUnavailableException({ message: 'Database unreachable', database: 'down' });
    }
    if (!request.staff) return { status: 'ok', database: 'up' };
    const projections = await this.projections.status();
    return {
      status: 'ok',
      database: 'up',
      node: process.version,
      projections: projections.map(({ name, mode, lag }) => ({ name, mode, lag })),
    };
  }

  /**
   * Readiness for a load balancer: 503 while the instance starts and from the moment it is told
   * to stop, so traffic moves elsewhere while its requests in flight finish. `/api/health`
   * stays the liveness answer.
   */
  @Public()
  @SkipThrottle()
  @Get('ready')
  @ApiOkResponse({ type: ReadinessAnswer })
  @ApiErrors(503)
  async ready(): Promise<ReadinessAnswer> {
    if (!readiness.ready) {
      throw new ServiceUnavailableException({ message: `Not ready: ${readiness.state}` });
    }
    if (!(await this.databaseUp())) {
      throw new ServiceUnavailableException({ message: 'Database unreachable', database: 'down' });
    }
    return { status: 'ready' };
  }

  private databaseUp(): Promise<boolean> {
    const now = Date.now();
    if (!this.probe || now - this.probe.at >= PROBE_INTERVAL_MS) {
      this.probe = {
        at: now,
        up: this.pool.query('select 1').then(
          () => true,
          () => false,
        ),
      };
    }
    return this.probe.up;
  }
}
