import { eventTypesProvider } from '#src/platform/event-store/event-types.js';
import { REPORT_EVENT_DECLARATIONS } from './domain/report.event-types.js';
import { Module } from '@nestjs/common';
import { StartReportBuildHandler } from './commands/build-report/start-report-build.handler.js';
import { ChangeReportDefinitionHandler } from './commands/change-report-definition/change-report-definition.handler.js';
import { DefineReportHandler } from './commands/define-report/define-report.handler.js';
import { RemoveReportDefinitionHandler } from './commands/remove-report-definition/remove-report-definition.handler.js';
import { ReportDefinitionsController } from './http/report-definitions.controller.js';
import { ReportDefinitionStreams } from './infrastructure/report-definition-streams.js';
import { ReportDefinitionsProjection } from './projections/report-definitions.projection.js';
import { DefinedReports } from './queries/defined-reports.js';
import { EventExportController } from './http/event-export.controller.js';
import { ReportsController } from './http/reports.controller.js';
import type { ReportProjection } from './projections/report-projection.js';
import { EventLogExport } from './queries/event-log-export.js';
import { REPORT_LIST, ReportCatalogue } from './queries/report-catalogue.js';
import { REPORTS } from './reports.js';

/**
 * Reports built by replaying the whole log (the built-in ones and those admins define), and the
 * log's export for analysis elsewhere.
 */
@Module({
  controllers: [ReportsController, ReportDefinitionsController, EventExportController],
  providers: [
    eventTypesProvider('reports', REPORT_EVENT_DECLARATIONS),
    ...REPORTS,
    {
      provide: REPORT_LIST,
      inject: REPORTS,
      useFactory: (...reports: ReportProjection[]) => reports,
    },
    ReportCatalogue,
    EventLogExport,
    StartReportBuildHandler,
    ReportDefinitionsProjection,
    DefinedReports,
    ReportDefinitionStreams,
    DefineReportHandler,
    ChangeReportDefinitionHandler,
    RemoveReportDefinitionHandler,
  ],
})
export class ReportsModule {}
