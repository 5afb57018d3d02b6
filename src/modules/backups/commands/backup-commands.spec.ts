import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '#src/config/app-config.js';
import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { LocalFileStore } from '#src/platform/storage/local-file-store.js';
import { BACKUP_STREAM_ID } from '#src/modules/backups/domain/backup.events.js';
import {
  backupFileName,
  CHECKSUM_SUFFIX,
} from '#src/modules/backups/infrastructure/backup-format.js';
import { BackupStreamRepository } from '#src/modules/backups/infrastructure/backup-stream.repository.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { PruneBackupsCommand } from './prune-backups/prune-backups.command.js';
import { PruneBackupsHandler } from './prune-backups/prune-backups.handler.js';

const NOW = new Date('2026-12-07T12:00:00Z');
/** Every backup of the last day, then the newest of each day for a week. */
const CONFIG = { BACKUP_KEEP_ALL_HOURS: 24, BACKUP_KEEP_DAILY_DAYS: 7 } as AppConfig;

const named = (iso: string) => backupFileName(new Date(iso));
const thisMorning = named('2026-12-07T10:00:00Z');
const saturdayEvening = named('2026-12-05T20:00:00Z');
const saturdayMorning = named('2026-12-05T08:00:00Z');
const lastMonth = named('2026-11-20T08:00:00Z');
/** A backup cut short: without its checksum file it is not one. */
const unfinished = named('2026-11-19T08:00:00Z');

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kk-backups-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Given: these backup files on disk, each with its checksum file. */
async function givenBackups(...names: string[]): Promise<void> {
  for (const name of names) {
    await writeFile(join(dir, name), 'backup');
    await writeFile(join(dir, name + CHECKSUM_SUFFIX), 'checksum');
  }
}

/** The prune handler over the backups stream kept in memory and a backup folder on disk. */
function handler() {
  const store = new InMemoryEventStore();
  const files = new LocalFileStore({ backups: dir });
  const prune = new PruneBackupsHandler(
    CONFIG,
    files,
    new BackupStreamRepository(store.asEventStore()),
  );
  return { store, prune };
}

describe('backup handlers', () => {
  describe('PruneBackups', () => {
    it('should record what the policy no longer keeps, then delete those files', async () => {
      const { store, prune } = handler();
      await givenBackups(thisMorning, saturdayEvening, saturdayMorning, lastMonth);
      await writeFile(join(dir, unfinished), 'half a backup');

      await expect(prune.execute(new PruneBackupsCommand(NOW))).resolves.toEqual([
        saturdayMorning,
        lastMonth,
      ]);

      expect(store.eventsOf(BACKUP_STREAM_ID)).toEqual([
        { type: 'BackupsPruned', data: { fileNames: [saturdayMorning, lastMonth], kept: 2 } },
      ]);
      expect((await readdir(dir)).sort()).toEqual(
        [
          thisMorning,
          thisMorning + CHECKSUM_SUFFIX,
          saturdayEvening,
          saturdayEvening + CHECKSUM_SUFFIX,
          unfinished,
        ].sort(),
      );
    });

    it('should keep the newest backup however old, recording nothing', async () => {
      const { store, prune } = handler();
      await givenBackups(lastMonth);
      await expect(prune.execute(new PruneBackupsCommand(NOW))).resolves.toEqual([]);
      expect(store.streamIds()).toEqual([]);
      expect(await readdir(dir)).toHaveLength(2);
    });

    it('should delete no file when the log could not record the pruning', async () => {
      const { store, prune } = handler();
      await givenBackups(thisMorning, lastMonth);
      store.interleave(() => store.given(BACKUP_STREAM_ID, [{ type: 'BackupRestored', data: {} }]));
      await expect(prune.execute(new PruneBackupsCommand(NOW))).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      expect(await readdir(dir)).toHaveLength(4);
    });
  });
});
