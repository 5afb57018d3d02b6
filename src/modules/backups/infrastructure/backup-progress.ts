import { Injectable } from '@nestjs/common';
import type { BackupProgressInfo } from '#src/contract/backups.js';

/** The backup this process is writing now, if any, and why the last scheduled one failed. */
@Injectable()
export class BackupProgress {
  current: BackupProgressInfo | null = null;
  lastError: string | null = null;
}
