import { Injectable } from '@nestjs/common';
import { handleCommand, loadStream } from '#src/platform/event-store/command-path.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { type BackupCommand, decide } from '../domain/backup.decide.js';
import { BACKUP_STREAM_ID, BACKUP_STREAM_TYPE, type BackupEvent } from '../domain/backup.events.js';
import { type BackupState, evolve, INITIAL_BACKUP_STATE } from '../domain/backup.state.js';

const BACKUP_FOLD = { evolve, initialState: INITIAL_BACKUP_STATE };

/** The backups stream: one stream of every backup taken, restored and pruned. */
@Injectable()
export class BackupStreamRepository {
  constructor(private readonly eventStore: EventStore) {}

  async load(): Promise<{ state: BackupState; version: number }> {
    const { state, version } = await loadStream<BackupEvent, BackupState>(
      this.eventStore,
      BACKUP_STREAM_ID,
      BACKUP_FOLD,
      { personalData: false },
    );
    return { state, version };
  }

  async execute(command: BackupCommand): Promise<BackupEvent[]> {
    const { decided } = await handleCommand<BackupEvent, BackupState>(
      this.eventStore,
      BACKUP_STREAM_ID,
      BACKUP_FOLD,
      (state) => decide(command, state),
      { personalData: false, append: { streamType: BACKUP_STREAM_TYPE } },
    );
    return decided;
  }
}
