import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import { MAX_TAPS_PER_UPLOAD, type TapRequest } from '#src/contract/visualizer.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import type { FrontOutline } from '../rendering/front-outlines.js';
import type { RenderSource } from '../rendering/render-job.js';
import { FREE_RERENDER_WINDOW_MS, MESSAGES } from '../visualizer.constants.js';
import { EmbeddingCache } from './embedding-cache.js';
import { EMBEDDING_BYTES } from './embedding-shape.js';
import type { ModelFrame } from './model-frame.js';
import type { ModelDetector, SegmentOutput } from './segment-jobs.js';
import { SegmentQueueFullError, SerialWorker } from './serial-worker.js';

/** 128 random bits, base64url, like a visualization's id. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;
/**
 * Embeddings kept in this process: 32 MB of them inside the 800 MB budget; one dropped is encoded
 * again from its stored copy (docs/decisions/0132-tap-model-memory.md).
 */
const CACHED_EMBEDDINGS = Math.floor((32 * 2 ** 20) / EMBEDDING_BYTES);
/** Uploads waiting for the encoder; past this a photo is not opened for taps (the browser grows regions). */
const ENCODER_QUEUE = 6;
const DECODER_QUEUE = 16;

interface Opened {
  frame: ModelFrame;
  embedding: Float32Array;
}

type PrepareOutput = Extract<SegmentOutput, { kind: 'prepare' }>;

/** What the model found on an upload, and the upload's id for taps. */
export interface Detected {
  width: number;
  height: number;
  fronts: FrontOutline[];
  /** Left out when the upload was not opened for taps. */
  uploadId?: string;
}

/**
 * Tap-to-segment for the correction step (docs/decisions/0108-tap-segmentation-model.md): each
 * upload is encoded once, right after its fronts are found, and each tap is one decoder run on
 * that embedding. The upload's scaled copy, tap count and window are in the database, so every
 * instance refuses the same taps and one that never saw the photo encodes it again.
 */
@Injectable()
export class TapSegmentation implements OnModuleDestroy {
  private readonly logger = new Logger(TapSegmentation.name);
  private readonly encoder = new SerialWorker(ENCODER_QUEUE);
  private readonly decoder = new SerialWorker(DECODER_QUEUE);
  /** This instance's uploads, from the moment they are queued for the encoder. */
  private readonly opened = new EmbeddingCache<Promise<Opened>>(
    CACHED_EMBEDDINGS,
    FREE_RERENDER_WINDOW_MS,
  );

  private readonly enabled: boolean;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.enabled = config.VISUALIZER_TAP_MODEL === 'on';
  }

  /** Uploads waiting for the encoder or being encoded. */
  get encoderDepth(): number {
    return this.encoder.depth;
  }

  /** Queues the photo for the encoder; its id, or null when the model is off or the queue full. */
  open(source: RenderSource): string | null {
    return this.begin(source)?.id ?? null;
  }

  /**
   * The fronts the model finds on the upload's own embedding (docs/decisions, the model-prompted
   * detector), the upload then open for taps with no second encoder run: one copy of each model
   * half, in the encoder's and the decoder's thread. `forTaps: false` (a render without the
   * visitor's fronts) keeps nothing. Null when the model is off or the queue full (the render
   * pool's detector then answers).
   */
  async detect(
    source: RenderSource,
    { forTaps = true, detector = 'sam' }: { forTaps?: boolean; detector?: ModelDetector } = {},
  ): Promise<Detected | null> {
    const begun = forTaps ? this.begin(source) : this.prepare(source);
    if (!begun) return null;
    const { frame, embedding, frameJpeg, photo } = await begun.opening;
    const output = await this.decoder.run({
      kind: 'detect',
      detector,
      // A copy: the kept embedding stays in the cache for the taps.
      embedding: forTaps ? embedding.slice() : embedding,
      frameJpeg,
      frame,
    });
    if (output.kind !== 'detect') throw new Error('unexpected segmentation output');
    return { ...photo, fronts: output.outlines, ...(begun.id && { uploadId: begun.id }) };
  }

  private prepare(source: RenderSource): { id: null; opening: Promise<PrepareOutput> } | null {
    if (!this.enabled || this.encoder.depth > ENCODER_QUEUE) return null;
    const opening = this.encoder.run({ kind: 'prepare', source }).then((output) => {
      if (output.kind !== 'prepare') throw new Error('unexpected segmentation output');
      return output;
    });
    return { id: null, opening };
  }

  private begin(source: RenderSource): { id: string; opening: Promise<PrepareOutput> } | null {
    const prepared = this.prepare(source);
    if (!prepared) return null;
    const id = randomBytes(16).toString('base64url');
    const opening = prepared.opening.then(async (output) => {
      await this.forgetEnded();
      await this.pool.query(
        `insert into visualizer_tap_uploads (id, frame_width, frame_height, frame_jpeg, expires_at)
         values ($1, $2, $3, $4, $5)`,
        [
          id,
          output.frame.width,
          output.frame.height,
          Buffer.from(output.frameJpeg),
          new Date(Date.now() + FREE_RERENDER_WINDOW_MS),
        ],
      );
      return output;
    });
    opening.catch((error: Error) => {
      this.opened.delete(id);
      if (!(error instanceof SegmentQueueFullError)) {
        this.logger.warn(`encoding an upload for taps failed: ${error.message}`);
      }
    });
    this.opened.set(id, opening);
    return { id, opening };
  }

  /** The front under a tap (points and/or a box), counted against the upload's taps. */
  async tap(request: TapRequest): Promise<FrontOutline> {
    if (!UPLOAD_ID.test(request.uploadId))
      throw new Refusal('not_found', MESSAGES.tapUploadUnknown);
    const local = this.opened.get(request.uploadId);
    // Waits for this instance's own encoder run, which stores the row the count needs.
    const here = local ? await local.catch(() => null) : null;
    await this.count(request.uploadId);
    const { frame, embedding } = here ?? (await this.encodeAgain(request.uploadId));
    const output = await this.decoder
      .run({
        kind: 'tap',
        embedding,
        frame,
        prompt: { points: request.points ?? [], box: request.box },
      })
      .catch((error: Error) => {
        if (error instanceof SegmentQueueFullError) throw new Refusal('unavailable', MESSAGES.busy);
        throw error;
      });
    if (output.kind !== 'tap' || !output.front) {
      throw new Refusal('unprocessable', MESSAGES.tapFoundNothing);
    }
    return output.front;
  }

  /** One more tap, if the window is open and taps are left; refused otherwise, nothing counted. */
  private async count(id: string): Promise<void> {
    const now = new Date();
    const { rowCount } = await this.pool.query(
      `update visualizer_tap_uploads set taps = taps + 1
       where id = $1 and expires_at > $2 and taps < $3`,
      [id, now, MAX_TAPS_PER_UPLOAD],
    );
    if (rowCount) return;
    const { rows } = await this.pool.query<{ taps: number }>(
      'select taps from visualizer_tap_uploads where id = $1 and expires_at > $2',
      [id, now],
    );
    if (!rows[0]) throw new Refusal('not_found', MESSAGES.tapUploadUnknown);
    throw new Refusal('too_many_requests', MESSAGES.tooManyTaps);
  }

  /** An upload another instance opened (or this one no longer holds): encoded again from its copy. */
  private async encodeAgain(id: string): Promise<Opened> {
    const { rows } = await this.pool.query<{
      frame_width: number;
      frame_height: number;
      frame_jpeg: Buffer;
    }>('select frame_width, frame_height, frame_jpeg from visualizer_tap_uploads where id = $1', [
      id,
    ]);
    if (!rows[0]) throw new Refusal('not_found', MESSAGES.tapUploadUnknown);
    const frame = { width: rows[0].frame_width, height: rows[0].frame_height };
    const encoding = this.encoder
      .run({ kind: 'encode', frameJpeg: rows[0].frame_jpeg })
      .then((output) => {
        if (output.kind !== 'encode') throw new Error('unexpected segmentation output');
        return { frame, embedding: output.embedding };
      });
    this.opened.set(id, encoding);
    return encoding.catch((error: Error) => {
      this.opened.delete(id);
      if (error instanceof SegmentQueueFullError) throw new Refusal('unavailable', MESSAGES.busy);
      throw error;
    });
  }

  /** Ended windows mean nothing any more; returns how many uploads went. */
  async forgetEnded(now = new Date()): Promise<number> {
    const result = await this.pool.query(
      'delete from visualizer_tap_uploads where expires_at <= $1',
      [now],
    );
    return result.rowCount ?? 0;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.encoder.close(), this.decoder.close()]);
  }
}
