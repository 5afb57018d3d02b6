import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Interval } from '@nestjs/schedule';
import { ScheduledJobs } from '#src/platform/scheduling/scheduled-jobs.js';
import { CreateBackupCommand } from '../commands/create-backup/create-backup.command.js';
import { BackupProgress } from '../infrastructure/backup-progress.js';

/** Product rule: a backup every 5 minutes, when anything changed since the last one. */
export const BACKUP_INTERVAL_MS = 5 * 60 * 1000;

@Injectable()
export class BackupJob {
  private readonly logger = new Logger(BackupJob.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly jobs: ScheduledJobs,
    private readonly progress: BackupProgress,
  ) {}

  @Interval(BACKUP_INTERVAL_MS)
  async runScheduled(): Promise<void> {
    try {
      await this.jobs.runOnce('backup', BACKUP_INTERVAL_MS, async () => {
        const backup = await this.commandBus.execute(new CreateBackupCommand('schedule'));
        if (backup) this.logger.log(`wrote backup ${backup.name} (${backup.sizeBytes} bytes)`);
      });
      await this.progress.setLastError(null);
    } catch (error) {
      await this.progress.setLastError((error as Error).message).catch(() => undefined);
      this.logger.error(`backup failed: ${(error as Error).message}`);
    }
  }
}
