import type { KeyObject } from 'node:crypto';
import type { Queryable } from '#src/platform/database/queryable.js';
import type { PendingAppend } from './append-outcomes.js';
import type { PersonalDataVault, SealingKey } from './personal-data-vault.js';

/** The key a subject's personal data is sealed with, and whether the statement must check it. */
export interface SubjectKey {
  key: KeyObject;
  /** The wrapped key the statement checks against the stored one; null when read from there. */
  sealedWith: Buffer | null;
}

/** The keys one append statement seals with. */
export interface SealingKeys {
  bySubject: Map<string, SubjectKey>;
  /** New keys, still to be stored. */
  created: Map<string, SealingKey>;
  /** Subjects whose stored keys must be read (or made) first. */
  toRead: string[];
  /** Subjects whose keys that read stored just now. */
  storedByRead: string[];
}

/**
 * The key each subject's personal data is sealed with. Remembered keys, and new ones for
 * subjects whose every append creates its stream (a new lead), cost no round trip and are
 * checked by the append statement; the others (`toRead`) are read, or made and stored, first.
 */
export function sealingKeys(
  vault: PersonalDataVault,
  appends: PendingAppend[],
  storedKeysOnly: boolean,
): SealingKeys {
  const appendsBySubject = new Map<string, PendingAppend[]>();
  for (const append of appends) {
    if (!append.events.some((event) => event.personalData)) continue;
    const own = appendsBySubject.get(append.subjectId!);
    if (own) own.push(append);
    else appendsBySubject.set(append.subjectId!, [append]);
  }
  const bySubject = new Map<string, SubjectKey>();
  const created = new Map<string, SealingKey>();
  const toRead: string[] = [];
  for (const [subject, own] of appendsBySubject) {
    const expectNew = own.every((append) => append.expectedVersion === 'no_stream');
    const key = storedKeysOnly ? null : vault.sealingKey(subject, expectNew);
    if (!key) toRead.push(subject);
    else {
      bySubject.set(subject, { key: key.key, sealedWith: key.wrapped });
      if (key.isNew) created.set(subject, key);
    }
  }
  return { bySubject, created, toRead, storedByRead: [] };
}

/** Reads (or makes and stores) the keys `sealingKeys` could not give at once. */
export async function readKeys(
  vault: PersonalDataVault,
  keys: SealingKeys,
  db: Queryable,
): Promise<void> {
  for (const [subject, stored] of await vault.keysFor(keys.toRead, db)) {
    keys.bySubject.set(subject, { key: stored.key, sealedWith: null });
    if (stored.created) keys.storedByRead.push(subject);
  }
}
