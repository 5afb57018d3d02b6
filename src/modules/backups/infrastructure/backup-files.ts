import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_FILE_NAME } from '#src/contract/backups.js';
import { CHECKSUM_SUFFIX } from './backup-format.js';

export interface StoredBackup {
  name: string;
  path: string;
  created: Date;
  sizeBytes: number;
}

/**
 * Complete backup files in the folder, newest first. A file counts only with its checksum file
 * beside it: that is written just before the backup is renamed into place.
 */
export async function listBackups(directory: string): Promise<StoredBackup[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const present = new Set(names);
  const backups = await Promise.all(
    names
      .filter((name) => BACKUP_FILE_NAME.test(name) && present.has(name + CHECKSUM_SUFFIX))
      .map(async (name) => {
        const path = join(directory, name);
        return { name, path, created: createdOf(name), sizeBytes: (await stat(path)).size };
      }),
  );
  return backups.sort((a, b) => b.created.getTime() - a.created.getTime());
}

/** The snapshot time is in the name: `backup-20261124T040000123Z…`. */
export function createdOf(name: string): Date {
  const [, d, t, ms = '000'] = /^backup-(\d{8})T(\d{6})(\d{3})?Z/.exec(name)!;
  return new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}.${ms}Z`,
  );
}

export async function deleteBackup(directory: string, name: string): Promise<void> {
  await rm(join(directory, name), { force: true });
  await rm(join(directory, name + CHECKSUM_SUFFIX), { force: true });
}

/** Temporary files of backups that were interrupted; called only while holding the backup lock. */
export async function removeInterruptedBackups(directory: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return 0;
  }
  const leftovers = names.filter((name) => name.startsWith('.backup-') && name.endsWith('.tmp'));
  await Promise.all(leftovers.map((name) => rm(join(directory, name), { force: true })));
  return leftovers.length;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}
