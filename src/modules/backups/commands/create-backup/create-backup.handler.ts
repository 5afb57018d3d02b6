import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import {
  APP_CONFIG,
  APP_SECRETS,
  type AppConfig,
  type AppSecrets,
} from '#src/config/config.module.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { isBackupDue } from '#src/modules/backups/domain/backup.decide.js';
import type { StoredBackup } from '#src/modules/backups/infrastructure/backup-files.js';
import { BackupProgress } from '#src/modules/backups/infrastructure/backup-progress.js';
import { backupSettings } from '#src/modules/backups/infrastructure/backup-settings.js';
import { BackupStreamRepository } from '#src/modules/backups/infrastructure/backup-stream.repository.js';
import { writeBackup } from '#src/modules/backups/infrastructure/backup-writer.js';
import { changeToken } from '#src/modules/backups/infrastructure/change-token.js';
import type { FileStore } from '#src/platform/storage/file-store.js';
import { FILE_STORE } from '#src/platform/storage/file-stores.js';
import { PruneBackupsCommand } from '../prune-backups/prune-backups.command.js';
import { CreateBackupCommand } from './create-backup.command.js';

const BACKUP_LOCK = 'backups:write';

@CommandHandler(CreateBackupCommand)
export class CreateBackupHandler implements ICommandHandler<
  CreateBackupCommand,
  StoredBackup | null
> {
  private readonly settings;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_SECRETS) private readonly secrets: AppSecrets,
    @Inject(FILE_STORE) store: FileStore,
    private readonly stream: BackupStreamRepository,
    private readonly progress: BackupProgress,
    private readonly commandBus: CommandBus,
  ) {
    this.settings = backupSettings(config, store);
  }

  async execute(command: CreateBackupCommand): Promise<StoredBackup | null> {
    const backup = await this.withLock(async () => {
      const { state } = await this.stream.load();
      if (!isBackupDue(state, await changeToken(this.pool), command.trigger)) return null;
      await this.settings.folder.removeInterrupted();
      try {
        const written = await writeBackup(this.pool, {
          folder: this.settings.folder,
          installation: this.secrets.installationId,
          fileRoots: this.settings.fileRoots,
          created: command.now,
          onProgress: (progress) => this.progress.report(progress),
        });
        await this.stream.execute({ type: 'RecordBackup', trigger: command.trigger, ...written });
        return {
          name: written.fileName,
          created: written.created,
          sizeBytes: written.sizeBytes,
        };
      } finally {
        await this.progress.finished();
      }
    });
    if (backup) await this.commandBus.execute(new PruneBackupsCommand(command.now));
    return backup;
  }

  /** One backup at a time across every app instance sharing the database. */
  private async withLock<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [BACKUP_LOCK],
      );
      if (!rows[0].locked) throw new Refusal('conflict', 'A backup is being written right now');
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [BACKUP_LOCK]);
      }
    } finally {
      client.release();
    }
  }
}
