import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';

const { id, number, boolean, timestamp, array, object } = field;

/** The shapes of the backup events (backup.events.ts). */
export const BACKUP_EVENT_DECLARATIONS: EventTypeDeclaration[] = [
  {
    type: 'BackupCreated',
    data: {
      fileName: id,
      created: timestamp,
      sizeBytes: number,
      sha256: id,
      counts: object({ events: number, keys: number, credentials: number, files: number }),
      trigger: field.enum(['schedule', 'manual']),
      changeToken: id,
    },
  },
  { type: 'BackupsPruned', data: { fileNames: array(id), kept: number } },
  {
    type: 'BackupRestored',
    data: {
      fileName: id,
      created: timestamp,
      events: number,
      replaced: boolean,
      erasuresRepeated: number,
      /** The operating-system account that ran the restore. */
      operator: id,
    },
  },
];
