import { randomBytes } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ReportDefinitionStreams } from '#src/modules/reports/infrastructure/report-definition-streams.js';
import { DefineReportCommand } from './define-report.command.js';

/** A definition's id goes into table names, so it is short, lower-case and ours. */
const newDefinitionId = () => randomBytes(5).toString('hex');

@CommandHandler(DefineReportCommand)
export class DefineReportHandler implements ICommandHandler<DefineReportCommand> {
  constructor(private readonly streams: ReportDefinitionStreams) {}

  async execute({ definition }: DefineReportCommand): Promise<{ definitionId: string }> {
    const checked = this.streams.check(definition);
    const definitionId = newDefinitionId();
    await this.streams.run({ kind: 'define', definitionId, definition: checked });
    return { definitionId };
  }
}
