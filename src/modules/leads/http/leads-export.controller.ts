import { Controller, Get, Header, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import { STAFF_RATE_LIMIT } from '#src/platform/http/staff-rate-limit.js';
import {
  type ExportFilterKind,
  RecordDataAccessCommand,
} from '#src/platform/data-access/record-data-access.command.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { LeadReader } from '#src/modules/leads/queries/lead.reader.js';
import { MembersReader } from '#src/modules/team/index.js';
import { LeadsCsvQuery } from './dto/lead-requests.dto.js';
import { leadsCsv } from './leads-csv.js';

/**
 * Exports of leads, for admins and managers. Roles are declared on the class, as for the audit
 * log's export: there the API document keeps the refusals as JSON beside the CSV answer.
 */
@ApiTags('CRM leads')
@Controller('api/admin/quotes')
@Roles('admin', 'manager')
@Throttle({ default: STAFF_RATE_LIMIT })
export class LeadsExportController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reads: LeadReader,
    private readonly members: MembersReader,
    private readonly columns: PipelineColumnsRepository,
  ) {}

  /**
   * The active leads the board's filter matches, as CSV: a personal-data export, recorded with
   * the names of the filters applied and the row count, never the search text.
   */
  @Get('csv')
  @ApiProduces('text/csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="leads.csv"')
  @ApiOkResponse({ description: 'CSV with a header row', schema: { type: 'string' } })
  @ApiErrors(400)
  async csv(@Query() query: LeadsCsvQuery): Promise<string> {
    const filter = {
      search: query.search?.trim() || undefined,
      status: query.status,
      owner: query.owner,
      sort: query.sort,
    };
    const [leads, pipeline, team] = await Promise.all([
      this.reads.listFiltered(filter),
      this.columns.load(),
      this.members.list(),
    ]);
    const columnNames = new Map(pipeline.columns.map((c) => [c.id, c.name]));
    const memberNames = new Map(
      team.map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim() || m.email]),
    );
    const csv = leadsCsv(leads, {
      column: (id) => columnNames.get(id) ?? id,
      member: (id) => memberNames.get(id) ?? 'a former member',
    });
    await this.commandBus.execute(
      new RecordDataAccessCommand({
        type: 'PersonalDataExported',
        data: {
          what: 'leads_csv',
          filterKinds: Object.entries(filter)
            .filter(([kind, value]) => kind !== 'sort' && value !== undefined)
            .map(([kind]) => kind as ExportFilterKind),
          rows: leads.length,
        },
      }),
    );
    return csv;
  }
}
