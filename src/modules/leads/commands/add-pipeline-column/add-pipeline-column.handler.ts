import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
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
    const { events } = await this.columns.change({
      type: 'AddColumn',
      name: command.name,
      color: command.color,
    });
    return events[0].data as PipelineColumn;
  }
}
