import { createHash } from 'node:crypto';
import type { Queryable } from '#src/platform/database/queryable.js';
import { BACKUP_STREAM_ID } from '../domain/backup.events.js';

/**
 * What a backup would hold, in one short string: the newest event (other than the backups'
 * own), and the count and newest change of keys, credentials, second factors and stored
 * visualizations.
 * Equal tokens mean nothing worth a new backup happened.
 */
export async function changeToken(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ state: string }>(
    `select concat_ws(':',
       (select max(global_position) from events where stream_id <> $1),
       (select count(*) from data_subject_keys),
       (select count(*) || '/' || coalesce(max(changed_at)::text, '') from staff_credentials),
       (select count(*) || '/' || coalesce(max(confirmed_at)::text, '') from staff_second_factors),
       (select count(used_at) || '/' || count(*) from staff_recovery_codes),
       (select count(*) || '/' || coalesce(max(created_at)::text, '') from visualizations)
     ) as state`,
    [BACKUP_STREAM_ID],
  );
  return createHash('sha256').update(rows[0].state).digest('hex').slice(0, 32);
}
