import { readFile } from 'node:fs/promises';
import type { Queryable } from '#src/platform/database/queryable.js';

/**
 * Every erased data subject, in the `erasure_ledger` table: written in the erasing transaction
 * itself (so no erasure commits without its line, whichever instance made it), copied into every
 * backup, and replayed by every restore, so restoring an older state erases again what was
 * erased after it (docs/decisions/0110-shared-instance-state.md).
 */
export async function recordErasures(
  db: Queryable,
  subjects: readonly string[],
  at = new Date(),
): Promise<void> {
  if (subjects.length === 0) return;
  await db.query(
    `insert into erasure_ledger (subject_id, erased_at)
     select unnest($1::text[]), $2 on conflict (subject_id) do nothing`,
    [subjects, at],
  );
}

/** Every subject the database's ledger lists. */
export async function erasedSubjects(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ subject_id: string }>('select subject_id from erasure_ledger');
  return new Set(rows.map((row) => row.subject_id));
}

/**
 * Subjects of the ledger file an earlier version kept beside the backups, one JSON line each;
 * nothing when there is none. A restore replays them too, so an upgrade loses no erasure.
 */
export async function legacyLedgerSubjects(path: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const subjects = new Set<string>();
  for (const line of text.split('\n')) {
    // A line cut short by a crash is skipped; its erasure never committed.
    if (!line) continue;
    try {
      subjects.add((JSON.parse(line) as { subject: string }).subject);
    } catch {
      continue;
    }
  }
  return subjects;
}
