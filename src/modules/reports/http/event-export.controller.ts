import { once } from 'node:events';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { EventLogExport } from '#src/modules/reports/queries/event-log-export.js';
import { EventExportQuery } from './dto/event-export.query.js';

export const NDJSON = 'application/x-ndjson';

@ApiTags('Reports')
@Controller('api/admin/events')
@Roles('admin')
export class EventExportController {
  constructor(private readonly exporter: EventLogExport) {}

  @Get()
  @ApiOperation({
    summary:
      'The event log as NDJSON in commit order, from a position or a date; personal data only when asked for, and that export is recorded',
  })
  @ApiOkResponse({
    description: 'One event per line',
    content: { [NDJSON]: { schema: { type: 'string' } } },
  })
  @ApiErrors(400)
  async export(@Query() query: EventExportQuery, @Res() response: Response): Promise<void> {
    const lines = await this.exporter.start({
      after: query.after,
      since: query.since ? new Date(query.since) : undefined,
      includePersonalData: query.includePersonalData === 'true',
    });
    response.status(200).setHeader('Content-Type', `${NDJSON}; charset=utf-8`);
    response.setHeader('Cache-Control', 'no-store');
    for await (const line of lines) {
      if (response.destroyed) break;
      if (!response.write(line)) await once(response, 'drain');
    }
    response.end();
  }
}
