import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { ManifestEntry } from './backup-format.js';

/** A folder of stored files, named by what it holds so a restore can compare like with like. */
export interface StoredFilesRoot {
  root: string;
  directory: string;
}

/** Every regular file under the roots, with its size and SHA-256, in a stable order. */
export async function* manifestOf(
  roots: readonly StoredFilesRoot[],
): AsyncGenerator<ManifestEntry> {
  for (const { root, directory } of roots) {
    for (const path of await filesUnder(directory)) {
      const { size, sha256 } = await hashFile(join(directory, path));
      yield { root, path, size, sha256 };
    }
  }
}

export async function collectManifest(roots: readonly StoredFilesRoot[]): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  for await (const entry of manifestOf(roots)) entries.push(entry);
  return entries;
}

async function filesUnder(directory: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(directory, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
