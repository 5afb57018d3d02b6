import { eventTypesProvider } from '#src/platform/event-store/event-types.js';
import { BACKUP_EVENT_DECLARATIONS } from './domain/backup.event-types.js';
import { Module } from '@nestjs/common';
import { CreateBackupHandler } from './commands/create-backup/create-backup.handler.js';
import { PruneBackupsHandler } from './commands/prune-backups/prune-backups.handler.js';
import { BackupsAdminController } from './http/backups.admin.controller.js';
import { BackupMetrics } from './infrastructure/backup-metrics.js';
import { BackupProgress } from './infrastructure/backup-progress.js';
import { BackupStreamRepository } from './infrastructure/backup-stream.repository.js';
import { BackupJob } from './jobs/backup.job.js';
import { BackupStatusReader } from './queries/backup-status.reader.js';

/** Logical backups of the log, keys and credentials, their retention, and the Backups tab. */
@Module({
  controllers: [BackupsAdminController],
  providers: [
    eventTypesProvider('backups', BACKUP_EVENT_DECLARATIONS),
    BackupStreamRepository,
    BackupProgress,
    BackupMetrics,
    BackupStatusReader,
    BackupJob,
    CreateBackupHandler,
    PruneBackupsHandler,
  ],
})
export class BackupsModule {}
