import { Command } from '@nestjs/cqrs';
import type { ReportSummary } from '#src/contract/reports.js';

/** Build a report from the whole log: its first build, or a new version beside the live one. */
export class StartReportBuildCommand extends Command<ReportSummary> {
  constructor(readonly report: string) {
    super();
  }
}
