/** Every text of the Backups tab, in one place. */
export const BACKUPS_COPY = {
  title: 'Backups',
  subheader: 'Automatic backups of the database',
  description:
    'A backup of the event log, staff credentials and the list of stored files is made every 5 minutes when anything has changed. Every backup of the last 24 hours is kept, then one a day for 30 days.',
  refresh: 'Refresh List',
  backUpNow: 'Back up now',
  backingUp: 'Backing up…',
  latest: 'Latest',
  download: 'Download',
  emptyTitle: 'No backup files found',
  emptyBody: 'First backup will be created within 5 minutes',
  fetchFailed: 'Failed to fetch backup status',
  backupFailed: 'Backup failed',
  backupDone: 'Backup created',
  downloadFailed: 'Download failed',
  failing: 'The last automatic backup failed',
  totalFiles: (n: number) => `Total files: ${n}`,
  lastBackup: (created: string, size: string) => `Last backup: ${created} (${size})`,
  progress: (phase: string, done: number, total: number) =>
    total > 0 ? `Writing ${phase}: ${done} of ${total} rows` : `Writing ${phase}…`,
} as const;
