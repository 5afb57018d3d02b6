import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecentUploads } from '#src/modules/visualizer/limits/recent-uploads.js';
import { VisualizationStore } from '#src/modules/visualizer/storage/visualization-store.js';
import { ForgetVisitorCommand } from './forget-visitor.command.js';

@CommandHandler(ForgetVisitorCommand)
export class ForgetVisitorHandler implements ICommandHandler<
  ForgetVisitorCommand,
  { deletedVisualizations: number }
> {
  constructor(
    private readonly store: VisualizationStore,
    private readonly recentUploads: RecentUploads,
  ) {}

  async execute({ visitorId }: ForgetVisitorCommand): Promise<{ deletedVisualizations: number }> {
    await this.recentUploads.forgetVisitor(visitorId);
    return { deletedVisualizations: await this.store.deleteOfVisitor(visitorId) };
  }
}
