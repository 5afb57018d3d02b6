import { Injectable } from '@nestjs/common';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { type BackupCommand, decide } from '../domain/backup.decide.js';
import { BACKUP_STREAM_ID, BACKUP_STREAM_TYPE, type BackupEvent } from '../domain/backup.events.js';
import { type BackupState, evolve, INITIAL_BACKUP_STATE } from '../domain/backup.state.js';

/** Loads the backups stream, runs the pure decision, appends what it decided. */
@Injectable()
export class BackupStreamRepository {
  constructor(private readonly eventStore: EventStore) {}

  async load(): Promise<{ state: BackupState; version: number }> {
    const events = await this.eventStore.readStream(BACKUP_STREAM_ID, { personalData: false });
    return {
      state: (events as unknown as BackupEvent[]).reduce(evolve, INITIAL_BACKUP_STATE),
      version: events.at(-1)?.streamVersion ?? 0,
    };
  }

  async execute(command: BackupCommand): Promise<BackupEvent[]> {
    const { state, version } = await this.load();
    const events = decide(command, state);
    if (events.length > 0) {
      await this.eventStore.append(BACKUP_STREAM_ID, version, events, {
        streamType: BACKUP_STREAM_TYPE,
      });
    }
    return events;
  }
}
