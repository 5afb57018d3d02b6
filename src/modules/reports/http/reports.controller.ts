import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '#src/platform/http/access.decorators.js';
import { ApiErrors } from '#src/platform/http/api-docs/error-responses.js';
import type { ReportSummary, ReportView } from '#src/contract/reports.js';
import { StartReportBuildCommand } from '#src/modules/reports/commands/build-report/start-report-build.command.js';
import { ReportCatalogue } from '#src/modules/reports/queries/report-catalogue.js';
import { ApiReportName } from './dto/report-name.js';
import { ReportSummaryDto, ReportViewDto } from './dto/report.responses.js';

@ApiTags('Reports')
@Controller('api/admin/reports')
@Roles('admin', 'manager')
export class ReportsController {
  constructor(
    private readonly catalogue: ReportCatalogue,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every report, whether it is built, and the progress of any build' })
  @ApiOkResponse({ type: [ReportSummaryDto] })
  list(): Promise<ReportSummary[]> {
    return this.catalogue.list();
  }

  @Get(':name')
  @ApiOperation({
    summary: 'One report: its chart and tables once built, and any build in progress',
  })
  @ApiReportName()
  @ApiOkResponse({ type: ReportViewDto })
  @ApiErrors(404)
  view(@Param('name') name: string): Promise<ReportView> {
    return this.catalogue.view(name);
  }

  @Post(':name/build')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Build the report from the whole log in the background (a rebuild builds beside the live version and switches when caught up)',
  })
  @ApiReportName()
  @ApiAcceptedResponse({ type: ReportSummaryDto })
  @ApiErrors(404, 409)
  build(@Param('name') name: string): Promise<ReportSummary> {
    return this.commandBus.execute(new StartReportBuildCommand(name));
  }
}
