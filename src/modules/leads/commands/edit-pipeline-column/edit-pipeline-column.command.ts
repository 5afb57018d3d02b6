import { Command } from '@nestjs/cqrs';
import type { ColumnColor, PipelineColumn } from '#src/modules/leads/domain/pipeline.events.js';

/** Renames and/or recolours a column; its id (the leads' status) stays. */
export class EditPipelineColumnCommand extends Command<PipelineColumn> {
  constructor(
    readonly id: string,
    readonly changes: { name?: string; color?: ColumnColor },
  ) {
    super();
  }
}
