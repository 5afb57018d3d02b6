import { BACKUP_FILE_NAME } from '#src/contract/backups.js';
import type { FileFolder } from '#src/platform/storage/file-store.js';
import { CHECKSUM_SUFFIX } from './backup-format.js';

export interface StoredBackup {
  name: string;
  created: Date;
  sizeBytes: number;
}

/**
 * Complete backup files in the store, newest first. A file counts only with its checksum file
 * beside it: that is written only once the backup itself is stored whole.
 */
export async function listBackups(folder: FileFolder): Promise<StoredBackup[]> {
  const sizes = new Map<string, number>();
  for await (const { name, size } of folder.list()) sizes.set(name, size);
  return [...sizes]
    .filter(([name]) => BACKUP_FILE_NAME.test(name) && sizes.has(name + CHECKSUM_SUFFIX))
    .map(([name, sizeBytes]) => ({ name, created: createdOf(name), sizeBytes }))
    .sort((a, b) => b.created.getTime() - a.created.getTime());
}

/** The snapshot time is in the name: `backup-20261124T040000123Z…`. */
export function createdOf(name: string): Date {
  const [, d, t, ms = '000'] = /^backup-(\d{8})T(\d{6})(\d{3})?Z/.exec(name)!;
  return new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}.${ms}Z`,
  );
}

/** The checksum first: without it the backup is no longer listed, whatever happens next. */
export async function deleteBackup(folder: FileFolder, name: string): Promise<void> {
  await folder.delete(name + CHECKSUM_SUFFIX);
  await folder.delete(name);
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
