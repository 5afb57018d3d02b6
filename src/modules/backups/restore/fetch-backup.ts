import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileFolder } from '#src/platform/storage/file-store.js';
import { CHECKSUM_SUFFIX } from '../infrastructure/backup-format.js';

/**
 * Copies a stored backup and its checksum file into a private temporary folder, streamed, so a
 * restore reads it as often as it must (verify, then load) without the store in between.
 * Returns the local path and a function that removes the copy.
 */
export async function fetchBackup(
  folder: FileFolder,
  name: string,
): Promise<{ path: string; remove(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'backup-restore-'));
  const remove = () => rm(directory, { recursive: true, force: true });
  try {
    for (const file of [name, name + CHECKSUM_SUFFIX]) {
      const { body } = await folder.get(file);
      await pipeline(body, createWriteStream(join(directory, file), { mode: 0o600 }));
    }
    return { path: join(directory, name), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
