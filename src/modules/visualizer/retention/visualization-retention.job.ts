import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ScheduledJobs } from '#src/platform/scheduling/scheduled-jobs.js';
import { FreeRenderLimits } from '../limits/free-render-limits.js';
import { RecentUploads } from '../limits/recent-uploads.js';
import { TapSegmentation } from '../segmentation/tap-segmentation.js';
import { VisualizationStore } from '../storage/visualization-store.js';
import { RETENTION_DAYS } from '../visualizer.constants.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Privacy notice: kitchen photos and their renders are kept 30 days from the visualization. */
@Injectable()
export class VisualizationRetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(VisualizationRetentionJob.name);
  private running = false;

  constructor(
    private readonly store: VisualizationStore,
    private readonly limits: FreeRenderLimits,
    private readonly recentUploads: RecentUploads,
    private readonly taps: TapSegmentation,
    private readonly jobs: ScheduledJobs,
  ) {}

  /** Also at start: a server restarted more often than hourly would otherwise never purge. */
  onApplicationBootstrap(): void {
    void this.runScheduled();
  }

  @Interval(HOUR_MS)
  async runScheduled(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.jobs.runOnce('visualization-retention', HOUR_MS, async () => {
        await this.purge();
      });
    } catch (error) {
      this.logger.error(`visualization retention failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  /** Deletes what is older than the retention period; returns how many visualizations went. */
  async purge(now = new Date()): Promise<number> {
    const deleted = await this.store.deleteCreatedBefore(
      new Date(now.getTime() - RETENTION_DAYS * DAY_MS),
    );
    await this.limits.forgetPastDays();
    await this.recentUploads.forgetEnded(now);
    // A photo opened for taps and never uploaded again would otherwise wait for the next upload.
    await this.taps.forgetEnded(now);
    if (deleted)
      this.logger.log(`deleted ${deleted} visualizations older than ${RETENTION_DAYS} days`);
    return deleted;
  }
}
