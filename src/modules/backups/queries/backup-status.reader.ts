import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import type { BackupFileInfo, BackupStatus } from '#src/contract/backups.js';
import type { FileFolder, StoredObject } from '#src/platform/storage/file-store.js';
import { FILE_STORE } from '#src/platform/storage/file-stores.js';
import type { FileStore } from '#src/platform/storage/file-store.js';
import { formatSize, listBackups, type StoredBackup } from '../infrastructure/backup-files.js';
import { BackupProgress } from '../infrastructure/backup-progress.js';
import { backupSettings } from '../infrastructure/backup-settings.js';

/** The Backups tab's list: the stored files, newest first, and what is being written now. */
@Injectable()
export class BackupStatusReader {
  private readonly folder: FileFolder;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(FILE_STORE) store: FileStore,
    private readonly progress: BackupProgress,
  ) {
    this.folder = backupSettings(config, store).folder;
  }

  async status(): Promise<BackupStatus> {
    const [stored, { current, lastError }] = await Promise.all([
      listBackups(this.folder),
      this.progress.read(),
    ]);
    const files = stored.map(toInfo);
    const latest = files[0];
    return {
      status: lastError ? 'failing' : 'active',
      files,
      totalFiles: files.length,
      lastBackup: latest ? { created: latest.created, sizeFormatted: latest.sizeFormatted } : null,
      lastError,
      inProgress: current,
    };
  }

  /** A listed backup file opened for reading, or null when there is no such file. */
  async open(name: string): Promise<StoredObject | null> {
    const listed = (await listBackups(this.folder)).some((backup) => backup.name === name);
    return listed ? this.folder.get(name) : null;
  }
}

export function toInfo(backup: StoredBackup): BackupFileInfo {
  return {
    name: backup.name,
    created: backup.created.toISOString(),
    sizeBytes: backup.sizeBytes,
    sizeFormatted: formatSize(backup.sizeBytes),
  };
}
