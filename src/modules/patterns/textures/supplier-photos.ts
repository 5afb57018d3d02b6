import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { FileMissingError, type FileFolder } from '#src/platform/storage/file-store.js';

/** How long a look in the bucket holds: a supplier photo uploaded there shows within this. */
const RECHECK_MS = 5 * 60_000;

/**
 * Supplier photos kept in the shared bucket's `pattern-images` folder, copied on first use into
 * this instance's cache folder: sharp and file serving read a local file, and a texture look-up
 * asks the bucket at most once per code in RECHECK_MS.
 */
export class SupplierPhotoCache {
  private readonly checked = new Map<string, { at: number; done: Promise<void> }>();

  constructor(
    private readonly folder: FileFolder,
    readonly directory: string,
  ) {}

  /** Brings the photo of `file` into the cache folder (or removes a stale copy); never throws. */
  refresh(file: string): Promise<void> {
    const last = this.checked.get(file);
    if (last && Date.now() - last.at < RECHECK_MS) return last.done;
    const done = this.copy(file).catch(() => undefined);
    this.checked.set(file, { at: Date.now(), done });
    return done;
  }

  private async copy(file: string): Promise<void> {
    const target = join(this.directory, file);
    const info = await this.folder.stat(file);
    if (!info) {
      await rm(target, { force: true });
      return;
    }
    await mkdir(this.directory, { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const { body } = await this.folder.get(file);
      await pipeline(body, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      if (!(error instanceof FileMissingError)) throw error;
    }
  }
}
