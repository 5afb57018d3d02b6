import { join, resolve } from 'node:path';
import type { AppConfig } from '#src/config/app-config.js';
import { backupDirectory } from '#src/platform/storage/backup-paths.js';
import type { BackupRetentionPolicy } from '../domain/backup-retention.js';
import type { StoredFilesRoot } from './file-manifest.js';

export interface BackupSettings {
  directory: string;
  retention: BackupRetentionPolicy;
  /** Stored files the manifest covers: visitors' kitchen photos and renders, supplier photos. */
  fileRoots: StoredFilesRoot[];
}

export function backupSettings(config: AppConfig): BackupSettings {
  const fileRoots: StoredFilesRoot[] = [
    { root: 'visualizations', directory: join(resolve(config.DATA_DIR), 'visualizations') },
  ];
  if (config.PATTERN_IMAGES_DIR)
    fileRoots.push({ root: 'pattern-images', directory: resolve(config.PATTERN_IMAGES_DIR) });
  return {
    directory: backupDirectory(config),
    retention: {
      keepAllHours: config.BACKUP_KEEP_ALL_HOURS,
      keepDailyDays: config.BACKUP_KEEP_DAILY_DAYS,
    },
    fileRoots,
  };
}
