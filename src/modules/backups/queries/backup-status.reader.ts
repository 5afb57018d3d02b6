import { buffer } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import type { BackupFileInfo, BackupStatus } from '#src/contract/backups.js';
import type { FileFolder, StoredObject } from '#src/platform/storage/file-store.js';
import { FILE_STORE } from '#src/platform/storage/file-stores.js';
import type { FileStore } from '#src/platform/storage/file-store.js';
import { FileDamagedError, verified } from '#src/platform/storage/stored-digest.js';
import { formatSize, listBackups, type StoredBackup } from '../infrastructure/backup-files.js';
import { CHECKSUM_SUFFIX, checksumOf } from '../infrastructure/backup-format.js';
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

  /**
   * A listed backup file opened for reading, checked against its checksum file as it streams
   * (a damaged one is never handed over whole), or null when there is no such file.
   */
  async open(name: string): Promise<StoredObject | null> {
    const listed = (await listBackups(this.folder)).some((backup) => backup.name === name);
    if (!listed) return null;
    const checksumFile = await this.folder.get(name + CHECKSUM_SUFFIX);
    const sha256 = checksumOf((await buffer(checksumFile.body)).toString('utf8'), name);
    if (!sha256) throw new FileDamagedError(checksumFile.key, `it is not a checksum of ${name}`);
    return verified(await this.folder.get(name), { sha256 });
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
