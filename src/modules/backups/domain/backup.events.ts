/** Every backup and every pruning of backup files is recorded on this one stream. */
export const BACKUP_STREAM_ID = 'backups';
export const BACKUP_STREAM_TYPE = 'backups';

export type BackupTrigger = 'schedule' | 'manual';

export interface BackupCounts {
  events: number;
  keys: number;
  credentials: number;
  files: number;
}

export interface BackupCreated {
  type: 'BackupCreated';
  data: {
    fileName: string;
    /** When the database snapshot was taken (ISO). */
    created: string;
    sizeBytes: number;
    sha256: string;
    counts: BackupCounts;
    trigger: BackupTrigger;
    /** What the backed-up data looked like; the next scheduled backup is due once it differs. */
    changeToken: string;
  };
}

export interface BackupsPruned {
  type: 'BackupsPruned';
  data: { fileNames: string[]; kept: number };
}

/** A backup file was loaded into the database (`npm run backup:restore`). */
export interface BackupRestored {
  type: 'BackupRestored';
  data: {
    fileName: string;
    /** When the restored backup's snapshot was taken (ISO). */
    created: string;
    events: number;
    /** The database held data, which the restore replaced (`--force`). */
    replaced: boolean;
    /** Erasures made after the backup and made again. */
    erasuresRepeated: number;
    /** The operating-system account that ran the restore. */
    operator: string;
  };
}

export type BackupEvent = BackupCreated | BackupsPruned | BackupRestored;
export type BackupEventType = BackupEvent['type'];

/** Exported for the audit log, which presents them. */
export const BACKUP_EVENT_TYPES: readonly BackupEventType[] = [
  'BackupCreated',
  'BackupsPruned',
  'BackupRestored',
];
