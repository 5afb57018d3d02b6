import { Inject, Injectable } from '@nestjs/common';
import { Metrics } from '#src/platform/metrics/metrics.js';
import { RenderPool } from './rendering/render-pool.js';
import { TapSegmentation } from './segmentation/tap-segmentation.js';

/** The visualizer's queues on this instance: renders, and photos waiting for the tap encoder. */
@Injectable()
export class VisualizerMetrics {
  constructor(
    metrics: Metrics,
    @Inject(RenderPool) renders: RenderPool,
    segmentation: TapSegmentation,
  ) {
    metrics.gauge(
      'visualizer_render_queue',
      'Renders on this instance, waiting or being painted',
      () => [
        { labels: { state: 'waiting' }, value: renders.queued },
        { labels: { state: 'running' }, value: renders.active },
      ],
      ['state'],
    );
    metrics.gauge(
      'visualizer_encoder_queue',
      'Uploads on this instance waiting for or in the tap model encoder',
      () => segmentation.encoderDepth,
    );
  }
}
