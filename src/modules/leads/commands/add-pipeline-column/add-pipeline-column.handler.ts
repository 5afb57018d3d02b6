import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decide } from '#src/modules/leads/domain/pipeline.decide.js';
import type { PipelineColumn } from '#src/modules/leads/domain/pipeline.events.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { AddPipelineColumnCommand } from './add-pipeline-column.command.js';

@CommandHandler(AddPipelineColumnCommand)
export class AddPipelineColumnHandler implements ICommandHandler<
  AddPipelineColumnCommand,
  PipelineColumn
> {
  constructor(private readonly columns: PipelineColumnsRepository) {}

  async execute(command: AddPipelineColumnCommand): Promise<PipelineColumn> {
    const { columns, version } = await this.columns.load();
    const events = decide({ type: 'AddColumn', name: command.name, color: command.color }, columns);
    await this.columns.append(version, events);
    return events[0].data as PipelineColumn;
  }
}
