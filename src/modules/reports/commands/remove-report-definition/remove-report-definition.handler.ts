import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ReportDefinitionStreams } from '#src/modules/reports/infrastructure/report-definition-streams.js';
import { RemoveReportDefinitionCommand } from './remove-report-definition.command.js';

@CommandHandler(RemoveReportDefinitionCommand)
export class RemoveReportDefinitionHandler implements ICommandHandler<RemoveReportDefinitionCommand> {
  constructor(private readonly streams: ReportDefinitionStreams) {}

  async execute({ definitionId }: RemoveReportDefinitionCommand): Promise<void> {
    await this.streams.run({ kind: 'remove', definitionId });
  }
}
