import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import type { BackupFileInfo, BackupStatus } from '#src/contract/backups.js';
import { formatSize, listBackups, type StoredBackup } from '../infrastructure/backup-files.js';
import { BackupProgress } from '../infrastructure/backup-progress.js';
import { backupSettings } from '../infrastructure/backup-settings.js';

/** The Backups tab's list: the files on disk, newest first, and what is being written now. */
@Injectable()
export class BackupStatusReader {
  private readonly directory: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly progress: BackupProgress,
  ) {
    this.directory = backupSettings(config).directory;
  }

  async status(): Promise<BackupStatus> {
    const files = (await listBackups(this.directory)).map(toInfo);
    const latest = files[0];
    return {
      status: this.progress.lastError ? 'failing' : 'active',
      files,
      totalFiles: files.length,
      lastBackup: latest ? { created: latest.created, sizeFormatted: latest.sizeFormatted } : null,
      lastError: this.progress.lastError,
      inProgress: this.progress.current,
    };
  }

  /** The path of a listed backup file, or null when there is no such file. */
  async pathOf(name: string): Promise<string | null> {
    const file = (await listBackups(this.directory)).find((backup) => backup.name === name);
    return file?.path ?? null;
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
