import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ReportDefinitionStreams } from '#src/modules/reports/infrastructure/report-definition-streams.js';
import { ChangeReportDefinitionCommand } from './change-report-definition.command.js';

@CommandHandler(ChangeReportDefinitionCommand)
export class ChangeReportDefinitionHandler implements ICommandHandler<ChangeReportDefinitionCommand> {
  constructor(private readonly streams: ReportDefinitionStreams) {}

  async execute({ definitionId, definition }: ChangeReportDefinitionCommand): Promise<void> {
    const checked = this.streams.check(definition);
    await this.streams.run({ kind: 'change', definitionId, definition: checked });
  }
}
