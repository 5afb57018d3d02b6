/** One backup file as the Backups tab lists it. */
export interface BackupFileInfo {
  name: string;
  /** ISO time the backup's database snapshot was taken. */
  created: string;
  sizeBytes: number;
  sizeFormatted: string;
}

/** A backup being written right now, for the progress bar of 'Back up now'. */
export interface BackupProgressInfo {
  phase: 'events' | 'keys' | 'credentials' | 'files' | 'finishing';
  /** Rows and files written so far, of `total` in the snapshot. */
  done: number;
  total: number;
}

/** Answer of both backup status calls (admins only). Files are newest first. */
export interface BackupStatus {
  status: 'active' | 'failing';
  files: BackupFileInfo[];
  totalFiles: number;
  lastBackup: { created: string; sizeFormatted: string } | null;
  /** Why the last scheduled backup failed, while it keeps failing. */
  lastError: string | null;
  inProgress: BackupProgressInfo | null;
}

/** Backup files are named after the moment of their snapshot, so names sort by age. */
export const BACKUP_FILE_NAME = /^backup-\d{8}T\d{6}(\d{3})?Z\.kkbackup\.gz$/;
