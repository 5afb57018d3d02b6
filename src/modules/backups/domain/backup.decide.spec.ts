import { deciderSpec } from '#test/support/decider-spec.js';
import { type BackupCommand, decide, isBackupDue } from './backup.decide.js';
import type { BackupEvent } from './backup.events.js';
import { evolve, INITIAL_BACKUP_STATE } from './backup.state.js';
import { backupsToPrune } from './backup-retention.js';

const spec = deciderSpec<BackupCommand, BackupEvent, typeof INITIAL_BACKUP_STATE>({
  decide,
  evolve,
  initialState: INITIAL_BACKUP_STATE,
});

const counts = { events: 10, keys: 2, credentials: 1, files: 0 };
const record = (fileName: string, changeToken = 'token-1'): BackupCommand => ({
  type: 'RecordBackup',
  fileName,
  created: new Date('2026-11-24T04:00:00Z'),
  sizeBytes: 1234,
  sha256: 'a'.repeat(64),
  counts,
  trigger: 'schedule',
  changeToken,
});
const created = (fileName: string, changeToken = 'token-1'): BackupEvent => ({
  type: 'BackupCreated',
  data: {
    fileName,
    created: '2026-11-24T04:00:00.000Z',
    sizeBytes: 1234,
    sha256: 'a'.repeat(64),
    counts,
    trigger: 'schedule',
    changeToken,
  },
});

const policy = { keepAllHours: 24, keepDailyDays: 30 };
const now = new Date('2026-11-24T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
const file = (name: string, hours: number) => ({ name, created: hoursAgo(hours) });

describe('backups stream', () => {
  describe('RecordBackup', () => {
    it('should record a written backup with its checksum and counts', () => {
      spec
        .given([])
        .when(record('b1'))
        .then([created('b1')]);
    });

    it('should refuse to record the same file twice', () => {
      spec
        .given([created('b1')])
        .when(record('b1'))
        .thenRefuses('conflict');
    });
  });

  describe('isBackupDue', () => {
    it('should skip a scheduled backup when nothing changed since the last one', () => {
      const state = [created('b1', 'same')].reduce(evolve, INITIAL_BACKUP_STATE);
      expect(isBackupDue(state, 'same', 'schedule')).toBe(false);
      expect(isBackupDue(state, 'other', 'schedule')).toBe(true);
    });

    it('should always take a manual backup, and the first scheduled one', () => {
      const state = [created('b1', 'same')].reduce(evolve, INITIAL_BACKUP_STATE);
      expect(isBackupDue(state, 'same', 'manual')).toBe(true);
      expect(isBackupDue(INITIAL_BACKUP_STATE, 'any', 'schedule')).toBe(true);
    });
  });

  describe('RecordRestore', () => {
    const restored = {
      fileName: 'b1',
      created: '2026-11-24T04:00:00.000Z',
      events: 10,
      replaced: false,
      erasuresRepeated: 1,
      operator: 'root',
    };

    it('should record which backup was restored, by whom, and what it brought back', () => {
      spec
        .given([created('b1')])
        .when({ type: 'RecordRestore', ...restored })
        .then([{ type: 'BackupRestored', data: restored }]);
    });

    it('should leave the next scheduled backup due as before', () => {
      const state = [
        created('b1', 'same'),
        { type: 'BackupRestored', data: restored } as const,
      ].reduce(evolve, INITIAL_BACKUP_STATE);
      expect(state).toEqual([created('b1', 'same')].reduce(evolve, INITIAL_BACKUP_STATE));
    });
  });

  describe('PruneBackups', () => {
    it('should prune what the policy no longer keeps, recording how many stay', () => {
      const files = [file('recent', 1), file('old', 24 * 40)];
      spec
        .given([created('recent'), created('old')])
        .when({ type: 'PruneBackups', files, now, policy })
        .then([{ type: 'BackupsPruned', data: { fileNames: ['old'], kept: 1 } }]);
    });

    it('should append nothing when every file is kept', () => {
      spec
        .given([])
        .when({ type: 'PruneBackups', files: [file('recent', 1)], now, policy })
        .then([]);
    });
  });
});

describe(backupsToPrune.name, () => {
  it('should keep every backup of the last 24 hours', () => {
    const files = [file('a', 0.1), file('b', 5), file('c', 23.9)];
    expect(backupsToPrune(files, now, policy)).toEqual([]);
  });

  it('should keep only the newest backup of each older day', () => {
    // Now is 2026-11-24 12:00: three backups on the 22nd, two on the 21st.
    const files = [
      file('22-late', 40),
      file('22-mid', 44),
      file('22-early', 50),
      file('21-late', 64),
      file('21-early', 70),
    ];
    expect(backupsToPrune(files, now, policy).sort()).toEqual(['21-early', '22-early', '22-mid']);
  });

  it('should drop backups older than the daily period', () => {
    const files = [file('new', 1), file('month-old', 24 * 29), file('too-old', 24 * 31)];
    expect(backupsToPrune(files, now, policy)).toEqual(['too-old']);
  });

  it('should keep the newest backup however old, so there is always one to restore', () => {
    expect(backupsToPrune([file('only', 24 * 100), file('older', 24 * 101)], now, policy)).toEqual([
      'older',
    ]);
  });

  it('should follow a configured policy, a day keeping its newest backup', () => {
    const files = [file('a', 1), file('b', 3), file('yesterday', 20), file('c', 24 * 3)];
    expect(backupsToPrune(files, now, { keepAllHours: 2, keepDailyDays: 2 })).toEqual(['b', 'c']);
  });
});
