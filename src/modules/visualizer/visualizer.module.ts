import { eventTypesProvider } from '#src/platform/event-store/event-types.js';
import { VISUALIZER_EVENT_DECLARATIONS } from './visualizer.event-types.js';
import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import {
  APP_CONFIG,
  APP_SECRETS,
  type AppConfig,
  type AppSecrets,
} from '#src/config/config.module.js';
import { PatternsModule } from '#src/modules/patterns/index.js';
import { ForgetVisitorHandler } from './commands/forget-visitor/forget-visitor.handler.js';
import { VisualizerController } from './http/visualizer.controller.js';
import { FreeRenderLimits } from './limits/free-render-limits.js';
import { RecentUploads } from './limits/recent-uploads.js';
import { VisitorCookie } from './limits/visitor-cookie.js';
import { HostedRenderer } from './rendering/hosted-renderer.js';
import { LocalRenderer } from './rendering/local-renderer.js';
import { RenderPool } from './rendering/render-pool.js';
import { RENDERER, type Renderer } from './rendering/renderer.js';
import { TapSegmentation } from './segmentation/tap-segmentation.js';
import { VisualizationRetentionJob } from './retention/visualization-retention.job.js';
import { VisualizationStore } from './storage/visualization-store.js';
import { VisitorVisualizationsReader } from './queries/visitor-visualizations.reader.js';
import { VisualizeService } from './visualize.service.js';
import { VisualizerMetrics } from './visualizer.metrics.js';

function createRenderer(pool: RenderPool, config: AppConfig): Renderer {
  if (config.VISUALIZER_RENDERER === 'local') return new LocalRenderer(pool);
  if (!config.VISUALIZER_API_KEY) {
    throw new Error('VISUALIZER_API_KEY is required when VISUALIZER_RENDERER=hosted');
  }
  return new HostedRenderer(pool, {
    url: config.VISUALIZER_API_URL,
    apiKey: config.VISUALIZER_API_KEY,
    model: config.VISUALIZER_API_MODEL,
    timeoutMs: config.VISUALIZER_API_TIMEOUT_MS,
  });
}

/** The kitchen visualizer: POST /api/visualize, stored renders and their retention. */
@Module({
  imports: [PatternsModule],
  controllers: [VisualizerController],
  providers: [
    eventTypesProvider('visualizer', VISUALIZER_EVENT_DECLARATIONS),
    {
      provide: RenderPool,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new RenderPool({
          concurrency: config.VISUALIZER_CONCURRENCY,
          queueLimit: config.VISUALIZER_QUEUE_LIMIT,
          detector: config.VISUALIZER_DETECTOR,
        }),
    },
    { provide: RENDERER, inject: [RenderPool, APP_CONFIG], useFactory: createRenderer },
    {
      provide: VisitorCookie,
      inject: [APP_SECRETS],
      useFactory: (secrets: AppSecrets) => new VisitorCookie(secrets.cookieSecret),
    },
    FreeRenderLimits,
    RecentUploads,
    VisualizationStore,
    VisualizationRetentionJob,
    VisualizeService,
    TapSegmentation,
    VisualizerMetrics,
    ForgetVisitorHandler,
    VisitorVisualizationsReader,
  ],
  // Other modules (quote intake) may read the same anonymous visitor id to link a lead's history.
  // The right-of-access export (audit) holds a person's visualizations.
  exports: [VisitorCookie, VisitorVisualizationsReader],
})
export class VisualizerModule implements OnModuleDestroy {
  constructor(@Inject(RenderPool) private readonly pool: RenderPool) {}

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }
}
