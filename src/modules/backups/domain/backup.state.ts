import type { BackupEvent } from './backup.events.js';

export interface BackupState {
  /** The change token of the newest backup, null before the first. */
  lastChangeToken: string | null;
  /** Backup files written and not yet pruned, as the log knows them. */
  files: readonly string[];
}

export const INITIAL_BACKUP_STATE: BackupState = { lastChangeToken: null, files: [] };

export function evolve(state: BackupState, event: BackupEvent): BackupState {
  switch (event.type) {
    case 'BackupCreated':
      return {
        lastChangeToken: event.data.changeToken,
        files: [...state.files, event.data.fileName],
      };
    case 'BackupsPruned': {
      const pruned = new Set(event.data.fileNames);
      return { ...state, files: state.files.filter((name) => !pruned.has(name)) };
    }
    case 'BackupRestored':
      return state;
  }
}
