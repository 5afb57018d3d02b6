import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VisualizationStore } from '#src/modules/visualizer/storage/visualization-store.js';
import { ForgetVisitorCommand } from './forget-visitor.command.js';

@CommandHandler(ForgetVisitorCommand)
export class ForgetVisitorHandler implements ICommandHandler<
  ForgetVisitorCommand,
  { deletedVisualizations: number }
> {
  constructor(private readonly store: VisualizationStore) {}

  async execute({ visitorId }: ForgetVisitorCommand): Promise<{ deletedVisualizations: number }> {
    return { deletedVisualizations: await this.store.deleteOfVisitor(visitorId) };
  }
}
