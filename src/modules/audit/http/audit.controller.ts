import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BadRequestException,
  Controller,
  Get,
  Logger,
  Query,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import type { AuditActor, AuditFilter, AuditPage } from '#src/contract/audit.js';
import { RecordDataAccessCommand } from '#src/platform/data-access/record-data-access.command.js';
import { AUDIT_LOG_PROJECTION } from '#src/modules/audit/projections/audit-log/audit-log.projection.js';
import { AuditLogReader } from '#src/modules/audit/queries/audit-log.reader.js';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv.js';
import {
  AuditActorChoiceDto,
  AuditExportQuery,
  type AuditFilterQuery,
  AuditPageDto,
  AuditPageQuery,
} from './dto/audit-query.dto.js';

/** The filters alone, once they agree with each other. */
function filterOf(query: AuditFilterQuery): AuditFilter {
  const { actorId, type, leadId, memberId, from, to, q } = query;
  if (from && to && Date.parse(from) >= Date.parse(to)) {
    throw new BadRequestException('from must be before to');
  }
  return { actorId, type, leadId, memberId, from, to, q };
}

/** The company-wide audit log: who changed what, who saw whose data (docs/product.md#audit-log). */
@ApiTags('audit')
@Controller('api/admin/activity')
@Roles('admin', 'manager')
export class AuditController {
  private readonly logger = new Logger(AuditController.name);

  constructor(
    private readonly reader: AuditLogReader,
    private readonly commandBus: CommandBus,
    private readonly projections: ProjectionManager,
  ) {}

  @Get()
  @ApiOperation({ summary: 'One page of the audit log, filtered and sorted' })
  @ApiOkResponse({ type: AuditPageDto })
  @ApiErrors(400)
  async page(@Query() query: AuditPageQuery): Promise<AuditPage> {
    const filter = filterOf(query);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 25;
    const { ready, build } = await this.readiness();
    if (!ready) {
      const building = build ?? { ...NO_PROGRESS, running: true, error: null };
      return { items: [], total: 0, totalIsLowerBound: false, page, pageSize, build: building };
    }
    return this.reader.page(filter, query.sort ?? '-occurredAt', page, pageSize);
  }

  @Get('actors')
  @ApiOperation({ summary: 'Team members the log knows, for the actor filter' })
  @ApiOkResponse({ type: [AuditActorChoiceDto] })
  async actors(): Promise<AuditActor[]> {
    if (!(await this.readiness()).ready) return [];
    return this.reader.actors();
  }

  /** Streams every matching row; the export itself is recorded, since sentences name people. */
  @Get('csv')
  @ApiOperation({ summary: 'The filtered audit log as CSV, streamed' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV with a header row', schema: { type: 'string' } })
  @ApiErrors(400)
  async csv(@Query() query: AuditExportQuery, @Res() response: Response): Promise<void> {
    const filter = filterOf(query);
    if (!(await this.readiness()).ready)
      throw new ServiceUnavailableException(
        'The audit log is being built: export it when it is done',
      );
    const reader = this.reader;
    let rows = 0;
    async function* lines() {
      yield AUDIT_CSV_HEADER;
      for await (const batch of reader.stream(filter, query.sort === 'occurredAt')) {
        rows += batch.length;
        yield batch.map(auditCsvLine).join('');
      }
    }
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="audit-log.csv"');
    try {
      await pipeline(Readable.from(lines()), response);
    } catch (error) {
      // The caller went away mid-download; what was sent is still recorded below.
      this.logger.warn(`audit CSV export stopped: ${(error as Error).message}`);
    }
    await this.commandBus.execute(
      new RecordDataAccessCommand({
        type: 'PersonalDataExported',
        data: { what: 'audit_log_csv', filter: definedOnly(filter), rows },
      }),
    );
  }

  /** While the audit log is built (in the background), its tables are missing or of old code. */
  private readiness() {
    return this.projections.readiness(AUDIT_LOG_PROJECTION);
  }
}

const NO_PROGRESS = { processed: 0, total: 0, eventsPerSecond: 0, secondsLeft: null };

const definedOnly = (filter: AuditFilter): Record<string, string> =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
