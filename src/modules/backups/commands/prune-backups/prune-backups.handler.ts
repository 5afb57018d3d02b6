import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { deleteBackup, listBackups } from '#src/modules/backups/infrastructure/backup-files.js';
import { backupSettings } from '#src/modules/backups/infrastructure/backup-settings.js';
import { BackupStreamRepository } from '#src/modules/backups/infrastructure/backup-stream.repository.js';
import type { FileStore } from '#src/platform/storage/file-store.js';
import { FILE_STORE } from '#src/platform/storage/file-stores.js';
import { PruneBackupsCommand } from './prune-backups.command.js';

@CommandHandler(PruneBackupsCommand)
export class PruneBackupsHandler implements ICommandHandler<PruneBackupsCommand, string[]> {
  private readonly settings;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(FILE_STORE) store: FileStore,
    private readonly stream: BackupStreamRepository,
  ) {
    this.settings = backupSettings(config, store);
  }

  async execute(command: PruneBackupsCommand): Promise<string[]> {
    const files = await listBackups(this.settings.folder);
    // Recorded first: a file is never gone without the log saying so.
    const events = await this.stream.execute({
      type: 'PruneBackups',
      files,
      now: command.now,
      policy: this.settings.retention,
    });
    const pruned = events.flatMap((event) =>
      event.type === 'BackupsPruned' ? event.data.fileNames : [],
    );
    for (const name of pruned) await deleteBackup(this.settings.folder, name);
    return pruned;
  }
}
