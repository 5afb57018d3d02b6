import { Command } from '@nestjs/cqrs';
import type { BackupTrigger } from '#src/modules/backups/domain/backup.events.js';
import type { StoredBackup } from '#src/modules/backups/infrastructure/backup-files.js';

/** Writes a backup now; a scheduled one only when something changed (then null when not). */
export class CreateBackupCommand extends Command<StoredBackup | null> {
  constructor(
    readonly trigger: BackupTrigger,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}
