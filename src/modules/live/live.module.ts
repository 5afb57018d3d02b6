import { Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { readiness } from '#src/platform/lifecycle/readiness.js';
import { LiveFeed } from './feed/live-feed.js';
import { LiveController } from './http/live.controller.js';

/** Ends every stream as soon as the instance drains, so clients reconnect to one that stays. */
class LiveDrain implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: () => void = () => undefined;
  constructor(private readonly feed: LiveFeed) {}

  onModuleInit(): void {
    this.unsubscribe = readiness.onDraining(() => this.feed.closeAll());
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    this.feed.closeAll();
  }
}

/** The admin's live stream: notices of changes to the board, leads and conversations. */
@Module({
  controllers: [LiveController],
  providers: [
    LiveFeed,
    { provide: LiveDrain, inject: [LiveFeed], useFactory: (feed: LiveFeed) => new LiveDrain(feed) },
  ],
})
export class LiveModule {}
