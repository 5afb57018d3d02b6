/** The public face of the backups module: what other modules may import (docs/architecture.md#modules). */
export * from './domain/backup.events.js';
export { CreateBackupCommand } from './commands/create-backup/create-backup.command.js';
export { UnusableBackupError } from './infrastructure/backup-reader.js';
export { backupSettings } from './infrastructure/backup-settings.js';
export { restoreBackup } from './restore/restore-backup.js';
export { erasedElsewhere } from './restore/erased-elsewhere.js';
export { fetchBackup } from './restore/fetch-backup.js';
export { BackupsModule } from './backups.module.js';
