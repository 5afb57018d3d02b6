import { Command } from '@nestjs/cqrs';
import type { ColumnColor, PipelineColumn } from '#src/modules/leads/domain/pipeline.events.js';

export class AddPipelineColumnCommand extends Command<PipelineColumn> {
  constructor(
    readonly name: string,
    readonly color: ColumnColor,
  ) {
    super();
  }
}
