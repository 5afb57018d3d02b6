import { Command } from '@nestjs/cqrs';

export class RemovePipelineColumnCommand extends Command<{ movedLeads: number }> {
  constructor(
    readonly id: string,
    readonly moveLeadsTo: string | null,
  ) {
    super();
  }
}
