import { mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import sharp, { type Sharp } from 'sharp';
import type { AppConfig } from '#src/config/app-config.js';
import { APP_CONFIG } from '#src/config/config.module.js';
import { type CatalogueEntry, TEXTURE_FILE_SUFFIX } from '#src/modules/patterns/domain/pattern.js';
import { renderTextureJpeg } from './render-texture.js';
import { writeAtomically } from '#src/platform/storage/write-atomically.js';
import type { FileStore } from '#src/platform/storage/file-store.js';
import { FILE_STORE, folderOf, FOLDERS } from '#src/platform/storage/file-stores.js';
import { SupplierPhotoCache } from './supplier-photos.js';

/** Grid previews: a fraction of the full texture's bytes, sharp enough for 2× screens. */
const THUMBNAIL_SIZE = 320;
const THUMBNAIL_QUALITY = 78;

/** The preview's formats: JPEG for every browser, and the smaller ones most browsers take. */
export type ThumbnailFormat = 'jpg' | 'avif' | 'webp';

/**
 * The site photos' qualities. Encoded while a visitor waits for a cold pattern page, so AVIF at
 * its fastest effort: some 30 ms a preview instead of 500+, for about a tenth more bytes.
 */
const ENCODE_PREVIEW: Record<Exclude<ThumbnailFormat, 'jpg'>, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 0 }),
  webp: (image) => image.webp({ quality: 72 }),
};

async function modifiedAt(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await modifiedAt(path)) !== undefined;
}

/**
 * Texture files: a supplier photo (PATTERN_IMAGES_DIR, or the bucket's `pattern-images` folder
 * when files are in object storage, or a file dropped into the generated
 * folder) always wins; otherwise the procedural texture is generated once and kept on disk.
 * Generation runs one at a time because it paints on the main thread; requests for a code
 * already being generated share the same promise.
 */
@Injectable()
export class TextureStore {
  readonly generatedDir: string;
  readonly thumbnailDir: string;
  private readonly photoDir?: string;
  private readonly supplierPhotos?: SupplierPhotoCache;
  private readonly inFlight = new Map<string, Promise<string>>();
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(FILE_STORE) store: FileStore) {
    this.generatedDir = resolve(config.DATA_DIR, 'vinyl_patterns');
    this.thumbnailDir = join(this.generatedDir, 'thumbs');
    if (store.kind === 's3') {
      this.supplierPhotos = new SupplierPhotoCache(
        folderOf(store, FOLDERS.patternImages),
        join(this.generatedDir, 'supplier'),
      );
      this.photoDir = this.supplierPhotos.directory;
    } else if (config.PATTERN_IMAGES_DIR) {
      this.photoDir = resolve(config.PATTERN_IMAGES_DIR);
    }
  }

  /** Path of an existing texture file for the code, or undefined if it still has to be generated. */
  async existing(code: string): Promise<string | undefined> {
    return (await this.find(code))?.path;
  }

  /** The texture file in force for the code and its modification time, from one stat per folder. */
  private async find(code: string): Promise<{ path: string; modified: number } | undefined> {
    const file = `${code}${TEXTURE_FILE_SUFFIX}`;
    await this.supplierPhotos?.refresh(file);
    for (const dir of this.photoDir ? [this.photoDir, this.generatedDir] : [this.generatedDir]) {
      const path = join(dir, file);
      const modified = await modifiedAt(path);
      if (modified !== undefined) return { path, modified };
    }
    return undefined;
  }

  /** Path of the texture file, generating it first if there is none. */
  async ensure(
    entry: CatalogueEntry,
    priority: 'visitor' | 'background' = 'visitor',
  ): Promise<string> {
    const found = await this.existing(entry.id);
    if (found) return found;
    let pending = this.inFlight.get(entry.id);
    if (!pending) {
      pending = this.enqueue(() => this.generate(entry), priority === 'visitor').finally(() =>
        this.inFlight.delete(entry.id),
      );
      this.inFlight.set(entry.id, pending);
    }
    return pending;
  }

  /**
   * Path of a small preview. With a texture file on disk (photo or generated) it is a resize of
   * that file, rebuilt whenever the file is newer; without one it is painted directly at preview
   * size, about twenty times faster than the full texture, so a cold pattern page fills quickly.
   */
  async ensureThumbnail(entry: CatalogueEntry, format: ThumbnailFormat = 'jpg'): Promise<string> {
    if (format !== 'jpg') return this.ensureEncodedThumbnail(entry, format);
    const target = join(this.thumbnailDir, `${entry.id}.jpg`);
    const [found, targetTime] = await Promise.all([this.find(entry.id), modifiedAt(target)]);
    const source = found?.path;
    if (targetTime !== undefined && (found === undefined || targetTime >= found.modified)) {
      return target;
    }
    const key = `thumbnail:${entry.id}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      const jpeg = source
        ? this.resizeToThumbnail(source)
        : renderTextureJpeg(entry.family, entry.params, THUMBNAIL_SIZE, THUMBNAIL_QUALITY);
      pending = jpeg
        .then(async (bytes) => {
          await mkdir(this.thumbnailDir, { recursive: true });
          await writeAtomically(target, bytes);
          return target;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** The JPEG preview in a smaller format, re-encoded whenever the JPEG is newer. */
  private async ensureEncodedThumbnail(
    entry: CatalogueEntry,
    format: Exclude<ThumbnailFormat, 'jpg'>,
  ): Promise<string> {
    const jpeg = await this.ensureThumbnail(entry);
    const target = join(this.thumbnailDir, `${entry.id}.${format}`);
    const [jpegTime, targetTime] = await Promise.all([modifiedAt(jpeg), modifiedAt(target)]);
    if (targetTime !== undefined && jpegTime !== undefined && targetTime >= jpegTime) return target;
    const key = `thumbnail:${entry.id}.${format}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = ENCODE_PREVIEW[format](sharp(jpeg))
        .toBuffer()
        .then(async (bytes) => {
          await writeAtomically(target, bytes);
          return target;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  async read(entry: CatalogueEntry): Promise<Buffer> {
    return readFile(await this.ensure(entry));
  }

  /** True while visitors' requests are waiting for a texture: background work should step aside. */
  get busy(): boolean {
    return this.waiting > 0;
  }

  private enqueue<T>(task: () => Promise<T>, forVisitor: boolean): Promise<T> {
    if (forVisitor) this.waiting++;
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return forVisitor ? run.finally(() => this.waiting--) : run;
  }

  private async generate(entry: CatalogueEntry): Promise<string> {
    const target = join(this.generatedDir, `${entry.id}${TEXTURE_FILE_SUFFIX}`);
    // Another request may have finished this code while we were queued.
    if (await isFile(target)) return target;
    const jpeg = await renderTextureJpeg(entry.family, entry.params);
    await mkdir(this.generatedDir, { recursive: true });
    await writeAtomically(target, jpeg);
    return target;
  }

  private resizeToThumbnail(source: string): Promise<Buffer> {
    // Supplier photos are trusted files, but a pixel cap still stops a huge one tying up memory.
    return sharp(source, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
      .jpeg({ quality: THUMBNAIL_QUALITY, progressive: true })
      .toBuffer();
  }
}
