import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decide } from '#src/modules/leads/domain/pipeline.decide.js';
import type { PipelineColumn } from '#src/modules/leads/domain/pipeline.events.js';
import { evolve } from '#src/modules/leads/domain/pipeline.state.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { EditPipelineColumnCommand } from './edit-pipeline-column.command.js';

@CommandHandler(EditPipelineColumnCommand)
export class EditPipelineColumnHandler implements ICommandHandler<
  EditPipelineColumnCommand,
  PipelineColumn
> {
  constructor(private readonly columns: PipelineColumnsRepository) {}

  async execute(command: EditPipelineColumnCommand): Promise<PipelineColumn> {
    const { columns, version } = await this.columns.load();
    const events = decide({ type: 'EditColumn', id: command.id, ...command.changes }, columns);
    await this.columns.append(version, events);
    return events.reduce(evolve, columns).find((c) => c.id === command.id)!;
  }
}
