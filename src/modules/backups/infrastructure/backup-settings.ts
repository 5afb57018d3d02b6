import type { AppConfig } from '#src/config/app-config.js';
import type { FileFolder, FileStore } from '#src/platform/storage/file-store.js';
import { folderOf, FOLDERS } from '#src/platform/storage/file-stores.js';
import type { BackupRetentionPolicy } from '../domain/backup-retention.js';

export interface BackupSettings {
  /** Where backup files go: the store's `backups` folder (on disk BACKUP_DIR, else DATA_DIR/backups). */
  folder: FileFolder;
  retention: BackupRetentionPolicy;
  /** Stored files the manifest covers: visitors' kitchen photos and renders, supplier photos. */
  fileRoots: FileFolder[];
}

export function backupSettings(config: AppConfig, store: FileStore): BackupSettings {
  const fileRoots = [folderOf(store, FOLDERS.visualizations)];
  if (config.PATTERN_IMAGES_DIR || store.kind === 's3')
    fileRoots.push(folderOf(store, FOLDERS.patternImages));
  return {
    folder: folderOf(store, FOLDERS.backups),
    retention: {
      keepAllHours: config.BACKUP_KEEP_ALL_HOURS,
      keepDailyDays: config.BACKUP_KEEP_DAILY_DAYS,
    },
    fileRoots,
  };
}
