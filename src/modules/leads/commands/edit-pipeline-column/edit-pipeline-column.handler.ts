import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PipelineColumn } from '#src/modules/leads/domain/pipeline.events.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { EditPipelineColumnCommand } from './edit-pipeline-column.command.js';

@CommandHandler(EditPipelineColumnCommand)
export class EditPipelineColumnHandler implements ICommandHandler<
  EditPipelineColumnCommand,
  PipelineColumn
> {
  constructor(private readonly columns: PipelineColumnsRepository) {}

  async execute(command: EditPipelineColumnCommand): Promise<PipelineColumn> {
    const { columns } = await this.columns.change({
      type: 'EditColumn',
      id: command.id,
      ...command.changes,
    });
    return columns.find((c) => c.id === command.id)!;
  }
}
