import type { FileFolder } from '#src/platform/storage/file-store.js';
import { legacyLedgerSubjects } from '#src/platform/event-store/erasure-ledger.js';
import { listBackups } from '../infrastructure/backup-files.js';
import { CHECKSUM_SUFFIX } from '../infrastructure/backup-format.js';
import { UnusableBackupError, verifyBackup } from '../infrastructure/backup-reader.js';
import { fetchBackup } from './fetch-backup.js';
import { ledgerOfBackup } from './restore-backup.js';

/**
 * Erasures a restore must replay beyond the database it replaces: the ledger of the newest
 * stored backup (an empty or point-in-time-recovered database no longer lists what was erased
 * up to it) and the ledger file an earlier version kept beside the backups. The newest backup
 * is verified first: a corrupted one is refused, never half read.
 */
export async function erasedElsewhere(options: {
  folder: FileFolder;
  installation: string;
  restoring: string;
  legacyLedgerPath: string;
  log(line: string): void;
}): Promise<Set<string>> {
  const subjects = await legacyLedgerSubjects(options.legacyLedgerPath);
  const newest = (await listBackups(options.folder))[0];
  if (newest && newest.name !== options.restoring) {
    const copy = await fetchBackup(options.folder, newest.name);
    try {
      await verifyBackup(copy.path, options.installation).catch((error: unknown) => {
        if (!(error instanceof UnusableBackupError)) throw error;
        throw new UnusableBackupError(
          `the newest stored backup, ${newest.name}, holds the erasure ledger this restore ` +
            `must replay, and it is unusable: ${error.message}. Put an intact copy of it back, ` +
            `or remove it and its ${CHECKSUM_SUFFIX} file knowingly: erasures made since ` +
            'the backup before it would then come back.',
        );
      });
      for (const subject of await ledgerOfBackup(copy.path)) subjects.add(subject);
      options.log(`replaying the erasure ledger of the newest backup, ${newest.name}, too`);
    } finally {
      await copy.remove();
    }
  }
  return subjects;
}
