import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import type { ReportSummary } from '#src/contract/reports.js';
import { decideReportBuild } from '#src/modules/reports/domain/report-build.decide.js';
import { REPORT_STREAM_TYPE, reportStreamId } from '#src/modules/reports/domain/report.events.js';
import { ReportCatalogue } from '#src/modules/reports/queries/report-catalogue.js';
import { StartReportBuildCommand } from './start-report-build.command.js';

@CommandHandler(StartReportBuildCommand)
export class StartReportBuildHandler implements ICommandHandler<StartReportBuildCommand> {
  constructor(
    private readonly catalogue: ReportCatalogue,
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionManager,
  ) {}

  async execute({ report }: StartReportBuildCommand): Promise<ReportSummary> {
    const events = decideReportBuild({ report }, await this.catalogue.buildState(report));
    await this.eventStore.append(reportStreamId(report), 'any', events, {
      streamType: REPORT_STREAM_TYPE,
    });
    this.projections.startRebuild(await this.catalogue.projectionOf(report));
    const summaries = await this.catalogue.list();
    return summaries.find((summary) => summary.name === report)!;
  }
}
