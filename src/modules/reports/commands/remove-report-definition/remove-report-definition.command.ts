import { Command } from '@nestjs/cqrs';

/** Remove a defined report: it leaves the tab, and its tables are dropped. */
export class RemoveReportDefinitionCommand extends Command<void> {
  constructor(readonly definitionId: string) {
    super();
  }
}
