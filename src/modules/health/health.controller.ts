import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { Public } from '#src/platform/http/access.decorators.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { HealthAnswer } from './health.response.js';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly projections: ProjectionManager,
  ) {}

  @Public()
  @SkipThrottle()
  @Get()
  @ApiOkResponse({ type: HealthAnswer })
  @ApiErrors(503)
  async health(): Promise<HealthAnswer> {
    try {
      await this.pool.query('select 1');
    } catch {
      throw new ServiceUnavailableException({ message: 'Database unreachable', database: 'down' });
    }
    const projections = await this.projections.status();
    return {
      status: 'ok',
      database: 'up',
      node: process.version,
      projections: projections.map(({ name, mode, lag }) => ({ name, mode, lag })),
    };
  }
}
