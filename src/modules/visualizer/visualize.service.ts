import { Inject, Injectable, Logger } from '@nestjs/common';
import { PatternCatalogue } from '#src/modules/patterns/index.js';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { FreeRenderLimits } from './limits/free-render-limits.js';
import { RecentUploads } from './limits/recent-uploads.js';
import type { FrontOutline } from './rendering/front-outlines.js';
import { RenderError, type RenderSource } from './rendering/render-job.js';
import { RenderPool, RenderQueueFullError } from './rendering/render-pool.js';
import { ProviderFailedError, RENDERER, type Renderer } from './rendering/renderer.js';
import type { ModelDetector } from './segmentation/segment-jobs.js';
import { TapSegmentation } from './segmentation/tap-segmentation.js';
import { VisualizationStore } from './storage/visualization-store.js';
import { inspectUpload } from './upload/inspect-upload.js';
import {
  MESSAGES,
  VISITOR_STREAM_TYPE,
  visitorStreamId,
  VISUALIZATION_GENERATED,
} from './visualizer.constants.js';

export interface VisualizeCommand {
  kitchenImage: string;
  patternId: string;
  /** The fronts the visitor confirmed, if any. */
  fronts?: FrontOutline[];
  visitorId: string;
  ipHash: string;
  /** Signed-in staff are not counted against the free renders. */
  unlimited: boolean;
}

/** POST /api/visualize from checked input to a stored render and its event. */
@Injectable()
export class VisualizeService {
  private readonly logger = new Logger(VisualizeService.name);
  /** The model's detector, run on the taps' embedding; null when another detector is set. */
  private readonly modelDetector: ModelDetector | null;

  constructor(
    private readonly catalogue: PatternCatalogue,
    private readonly limits: FreeRenderLimits,
    private readonly store: VisualizationStore,
    private readonly eventStore: EventStore,
    private readonly recentUploads: RecentUploads,
    private readonly pool: RenderPool,
    private readonly taps: TapSegmentation,
    @Inject(RENDERER) private readonly renderer: Renderer,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const detector = config.VISUALIZER_DETECTOR;
    this.modelDetector = detector === 'sam' || detector === 'hybrid' ? detector : null;
  }

  /** The fronts found in a photo, for the visitor to check; costs no free render. */
  async detectFronts(
    kitchenImage: string,
  ): Promise<{ width: number; height: number; fronts: FrontOutline[]; uploadId?: string }> {
    const upload = await inspectUpload(kitchenImage);
    const source = { image: upload.bytes, decoder: upload.decoder };
    try {
      // The model's detector runs on the embedding the taps use: one encoder run per upload.
      const detected = this.modelDetector
        ? await this.taps.detect(source, { detector: this.modelDetector })
        : null;
      if (detected) return detected;
      const output = await this.pool.run({
        kind: 'detect',
        image: upload.bytes,
        decoder: upload.decoder,
      });
      if (output.kind !== 'detect') throw new Error('unexpected detection output');
      // Encoded after detection, while the visitor checks the outlines; taps then only decode.
      const uploadId = this.taps.open(source);
      return {
        width: output.width,
        height: output.height,
        fronts: output.outlines,
        ...(uploadId ? { uploadId } : {}),
      };
    } catch (error) {
      throw this.asRefusal(error);
    }
  }

  async visualize(command: VisualizeCommand): Promise<{ imageUrl: string }> {
    const pattern = this.catalogue.get(command.patternId);
    if (!pattern) throw new Refusal('invalid', MESSAGES.unknownPattern);
    const upload = await inspectUpload(command.kitchenImage);
    const allowance = { visitorId: command.visitorId, ipHash: command.ipHash };
    const digest = RecentUploads.digest(upload.bytes);
    const charged =
      !command.unlimited && !(await this.recentUploads.isFreeRerender(command.visitorId, digest));
    if (charged && !(await this.limits.reserve(allowance))) {
      throw new Refusal('too_many_requests', MESSAGES.limitReached);
    }
    const started = performance.now();
    const source = { image: upload.bytes, decoder: upload.decoder };
    try {
      const result = await this.renderer.render({
        source,
        pattern,
        texture: () => this.catalogue.texture(pattern.id),
        fronts: command.fronts ?? (await this.modelFronts(source)),
      });
      const id = this.store.newId();
      await this.store.save(
        { id, visitorId: command.visitorId, patternId: pattern.id, renderer: this.renderer.name },
        result,
      );
      await this.eventStore.append(
        visitorStreamId(command.visitorId),
        'any',
        [
          {
            type: VISUALIZATION_GENERATED,
            data: {
              visualizationId: id,
              patternId: pattern.id,
              durationMs: Math.round(performance.now() - started),
              renderer: this.renderer.name,
            },
          },
        ],
        { streamType: VISITOR_STREAM_TYPE },
      );
      if (charged) await this.recentUploads.charged(command.visitorId, digest);
      return { imageUrl: `/api/visualizations/${id}.jpg` };
    } catch (error) {
      if (charged) await this.limits.release(allowance);
      throw this.asRefusal(error);
    }
  }

  /**
   * Without the visitor's fronts, the model's detector finds them in the segmentation threads,
   * so the render threads never load the model; undefined leaves them to the render's detector.
   */
  private async modelFronts(source: RenderSource): Promise<FrontOutline[] | undefined> {
    if (!this.modelDetector) return undefined;
    const detected = await this.taps.detect(source, {
      forTaps: false,
      detector: this.modelDetector,
    });
    if (detected && !detected.fronts.length) {
      throw new RenderError('no-cabinets', 'no cabinet fronts found');
    }
    return detected?.fronts;
  }

  /** A failed render as the visitor hears of it; the cause stays in the log. */
  private asRefusal(error: unknown): Refusal {
    if (error instanceof Refusal) return error;
    if (error instanceof RenderQueueFullError) return new Refusal('unavailable', MESSAGES.busy);
    if (error instanceof ProviderFailedError) {
      this.logger.warn(`image-edit provider failed: ${error.message}`);
      return new Refusal('bad_gateway', MESSAGES.providerFailed);
    }
    if (error instanceof RenderError && error.reason === 'undecodable') {
      return new Refusal('unsupported_media_type', MESSAGES.undecodable);
    }
    if (error instanceof RenderError && error.reason === 'no-cabinets') {
      return new Refusal('unprocessable', MESSAGES.noCabinets);
    }
    this.logger.error(`render failed: ${(error as Error).stack ?? String(error)}`);
    return new Refusal('internal', MESSAGES.renderFailed);
  }
}
