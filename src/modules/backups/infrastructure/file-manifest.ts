import { createHash } from 'node:crypto';
import type { FileFolder } from '#src/platform/storage/file-store.js';
import type { ManifestEntry } from './backup-format.js';

/** Every stored file under the folders, with its size and SHA-256, in a stable order. */
export async function* manifestOf(roots: readonly FileFolder[]): AsyncGenerator<ManifestEntry> {
  for (const folder of roots) {
    for await (const { name } of folder.list()) {
      const { size, sha256 } = await hashObject(folder, name);
      yield { root: folder.folder, path: name, size, sha256 };
    }
  }
}

export async function collectManifest(roots: readonly FileFolder[]): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  for await (const entry of manifestOf(roots)) entries.push(entry);
  return entries;
}

async function hashObject(folder: FileFolder, name: string) {
  const hash = createHash('sha256');
  let size = 0;
  const { body } = await folder.get(name);
  for await (const chunk of body as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
