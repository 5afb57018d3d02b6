import { join, resolve } from 'node:path';
import type { AppConfig } from '#src/config/app-config.js';

/** Where backup files go: BACKUP_DIR, else `backups` in the data folder. */
export function backupDirectory(config: AppConfig): string {
  return resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'));
}

/** Where an earlier version kept the erasure ledger; a restore still replays what it lists. */
export function erasureLedgerPath(config: AppConfig): string {
  return join(backupDirectory(config), 'erasure-ledger.jsonl');
}
