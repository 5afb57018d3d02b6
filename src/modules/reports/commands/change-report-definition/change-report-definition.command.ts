import { Command } from '@nestjs/cqrs';
import type { ReportDefinitionInput } from '#src/contract/reports.js';

/** Edit a defined report: a new revision, built beside the one before, which it then replaces. */
export class ChangeReportDefinitionCommand extends Command<void> {
  constructor(
    readonly definitionId: string,
    readonly definition: ReportDefinitionInput,
  ) {
    super();
  }
}
