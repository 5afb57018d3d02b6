import { Refusal } from '#src/platform/domain/refusal.js';
import type { BackupCounts, BackupEvent, BackupRestored, BackupTrigger } from './backup.events.js';
import {
  type BackupRetentionPolicy,
  backupsToPrune,
  type DatedBackup,
} from './backup-retention.js';
import type { BackupState } from './backup.state.js';

export type BackupCommand =
  | {
      type: 'RecordBackup';
      fileName: string;
      created: Date;
      sizeBytes: number;
      sha256: string;
      counts: BackupCounts;
      trigger: BackupTrigger;
      changeToken: string;
    }
  | ({ type: 'RecordRestore' } & BackupRestored['data'])
  | {
      type: 'PruneBackups';
      files: readonly DatedBackup[];
      now: Date;
      policy: BackupRetentionPolicy;
    };

/** A scheduled backup is due only when the data changed since the last one; a manual one always. */
export function isBackupDue(state: BackupState, changeToken: string, trigger: BackupTrigger) {
  return trigger === 'manual' || state.lastChangeToken !== changeToken;
}

/** Pure rules of the backups stream: what recording or pruning backups appends. */
export function decide(command: BackupCommand, state: BackupState): BackupEvent[] {
  switch (command.type) {
    case 'RecordBackup':
      if (state.files.includes(command.fileName))
        throw new Refusal('conflict', `Backup ${command.fileName} is already recorded`);
      return [
        {
          type: 'BackupCreated',
          data: {
            fileName: command.fileName,
            created: command.created.toISOString(),
            sizeBytes: command.sizeBytes,
            sha256: command.sha256,
            counts: command.counts,
            trigger: command.trigger,
            changeToken: command.changeToken,
          },
        },
      ];
    case 'RecordRestore': {
      const { type: _command, ...data } = command;
      return [{ type: 'BackupRestored', data }];
    }
    case 'PruneBackups': {
      const fileNames = backupsToPrune(command.files, command.now, command.policy);
      if (fileNames.length === 0) return [];
      return [
        {
          type: 'BackupsPruned',
          data: { fileNames, kept: command.files.length - fileNames.length },
        },
      ];
    }
  }
}
