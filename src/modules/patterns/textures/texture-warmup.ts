import { setTimeout as sleep } from 'node:timers/promises';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '#src/config/app-config.js';
import { APP_CONFIG } from '#src/config/config.module.js';
import { PatternCatalogue } from '#src/modules/patterns/catalogue/pattern-catalogue.js';
import { TextureStore } from './texture-store.js';

const START_DELAY_MS = 5_000;
/** Shortest pause between textures, and the poll interval while visitors wait for one. */
const PAUSE_MS = 150;

/**
 * Generates every missing texture in the background after start, one at a time, so the pattern
 * page's thumbnails are files on disk by the time visitors scroll through them.
 */
@Injectable()
export class TextureWarmup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TextureWarmup.name);
  private readonly abort = new AbortController();
  private running?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: PatternCatalogue,
    private readonly store: TextureStore,
  ) {}

  get enabled(): boolean {
    return (
      (this.config.PATTERN_WARMUP ?? (this.config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on'
    );
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.running = this.warmAll(START_DELAY_MS).then(
      () => undefined,
      (error: unknown) => {
        if (!this.abort.signal.aborted)
          this.logger.warn(`texture warm-up stopped: ${String(error)}`);
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** Returns how many textures were generated. */
  async warmAll(delayMs = 0): Promise<number> {
    const { signal } = this.abort;
    await sleep(delayMs, undefined, { signal });
    const started = Date.now();
    let generated = 0;
    // Catalogue order: the first pages of the pattern library are ready first.
    for (const entry of this.catalogue.entries()) {
      const missing = !(await this.store.existing(entry.id));
      let busyFor = 0;
      if (missing) {
        while (this.store.busy) await sleep(PAUSE_MS, undefined, { signal });
        const started = Date.now();
        await this.store.ensure(entry, 'background');
        busyFor = Date.now() - started;
        generated++;
      }
      // Re-made from the full texture now that it exists (or a photo was installed).
      await this.store.ensureThumbnail(entry);
      // Rest as long as we worked: warming never takes more than half a core.
      if (missing) await sleep(Math.max(PAUSE_MS, busyFor), undefined, { signal });
    }
    if (generated > 0) {
      this.logger.log(`generated ${generated} pattern textures in ${Date.now() - started} ms`);
    }
    return generated;
  }
}
