import { Command } from '@nestjs/cqrs';

/** Deletes a visitor's kitchen photos and renders now, not at the end of their retention. */
export class ForgetVisitorCommand extends Command<{ deletedVisualizations: number }> {
  constructor(readonly visitorId: string) {
    super();
  }
}
