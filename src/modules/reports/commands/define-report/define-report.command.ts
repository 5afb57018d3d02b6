import { Command } from '@nestjs/cqrs';
import type { ReportDefinitionInput } from '#src/contract/reports.js';

/** Define a report: its first revision, built from the whole log in the background. */
export class DefineReportCommand extends Command<{ definitionId: string }> {
  constructor(readonly definition: ReportDefinitionInput) {
    super();
  }
}
