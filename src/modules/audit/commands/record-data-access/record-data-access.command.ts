import type { DataAccessEvent } from '#src/modules/audit/domain/data-access.events.js';

/** Records that the acting member read or exported personal data. */
export class RecordDataAccessCommand {
  constructor(readonly access: DataAccessEvent) {}
}
