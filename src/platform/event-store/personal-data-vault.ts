import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';
import type { Queryable } from '#src/platform/database/queryable.js';
import type { ErasureLedger } from './erasure-ledger.js';
import type { JsonObject } from './event-store.types.js';
import { randomBytesPooled } from './random-pool.js';

/** The encrypted form of an event's personal data, stored inside `data`. */
export interface PersonalDataEnvelope {
  subject: string;
  iv: string;
  tag: string;
  ct: string;
}

export const PERSONAL_DATA_FIELD = '$personal';

/** Prepared once per connection: every batch of appends with personal data runs it. */
const KEYS_FOR = {
  name: 'data-subject-keys-for',
  text: `with inserted as (
           insert into data_subject_keys (subject_id, wrapped_key)
           select * from unnest($1::text[], $2::bytea[])
           on conflict (subject_id) do nothing returning subject_id, wrapped_key)
         select subject_id, wrapped_key, true as created from inserted
         union all
         select subject_id, wrapped_key, false from data_subject_keys where subject_id = any($1)`,
};

interface StoredKey {
  subject_id: string;
  wrapped_key: Buffer;
  created: boolean;
}

/**
 * Encrypts personal data with one key per data subject (AES-256-GCM). Keys are stored wrapped
 * by the app's master key in their own table; deleting a subject's key makes every event about
 * that subject unreadable (crypto-shredding) while the events themselves stay. Keys are read
 * from the table every time, never cached: a key cached from a rolled-back transaction would
 * seal data nobody can open, and one cached across an erasure by another instance would keep
 * shredded data readable.
 */
export class PersonalDataVault {
  constructor(
    private readonly db: Queryable,
    private readonly wrappingKey: KeyObject,
    /** Where erasures are also written, so a restored backup can repeat them. */
    private readonly ledger?: ErasureLedger,
  ) {}

  /** The subjects' keys, each created on first use inside the caller's transaction. */
  async keysFor(
    subjectIds: string[],
    db: Queryable = this.db,
  ): Promise<Map<string, { key: KeyObject; created: boolean }>> {
    const fresh = new Map(subjectIds.map((id) => [id, randomBytesPooled(32)]));
    const { rows } = await db.query<StoredKey>({
      ...KEYS_FOR,
      values: [subjectIds, subjectIds.map((id) => this.wrap(fresh.get(id)!))],
    });
    // A concurrent first write for the same subject may have won the insert after our snapshot.
    const missing = subjectIds.filter((id) => !rows.some((row) => row.subject_id === id));
    if (missing.length > 0) {
      const late = await db.query<StoredKey>(
        'select subject_id, wrapped_key, false as created from data_subject_keys where subject_id = any($1)',
        [missing],
      );
      rows.push(...late.rows);
    }
    const keys = new Map(
      rows.map((row) => [
        row.subject_id,
        // A key this call stored is the one just made: no need to unwrap it again. Keys go to
        // the ciphers as key objects, for the reason given at AppSecrets.
        {
          key: createSecretKey(
            row.created ? fresh.get(row.subject_id)! : this.unwrap(row.wrapped_key),
          ),
          created: row.created,
        },
      ]),
    );
    const lost = subjectIds.find((id) => !keys.has(id));
    if (lost) throw new Error(`No key could be stored for data subject ${lost}`);
    return keys;
  }

  seal(key: KeyObject, subjectId: string, data: JsonObject): PersonalDataEnvelope {
    const iv = randomBytesPooled(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ct = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
    return {
      subject: subjectId,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ct: ct.toString('base64'),
    };
  }

  /** Opens envelopes in bulk; returns null for subjects whose key was erased. */
  async openMany(
    envelopes: PersonalDataEnvelope[],
    db: Queryable = this.db,
  ): Promise<(JsonObject | null)[]> {
    if (envelopes.length === 0) return [];
    const subjects = [...new Set(envelopes.map((e) => e.subject))];
    const { rows } = await db.query<{ subject_id: string; wrapped_key: Buffer }>(
      'select subject_id, wrapped_key from data_subject_keys where subject_id = any($1)',
      [subjects],
    );
    const wrapped = new Map(rows.map((r) => [r.subject_id, r.wrapped_key]));
    return this.openWith(
      envelopes.map((envelope) => ({
        envelope,
        wrappedKey: wrapped.get(envelope.subject) ?? null,
      })),
    );
  }

  /**
   * Opens envelopes with their subjects' stored keys, each key unwrapped once however many
   * envelopes it opens; null where the subject was erased.
   */
  openWith(
    sealed: { envelope: PersonalDataEnvelope; wrappedKey: Buffer | null }[],
  ): (JsonObject | null)[] {
    const keys = new Map<string, KeyObject>();
    return sealed.map(({ envelope, wrappedKey }) => {
      if (!wrappedKey) return null;
      let key = keys.get(envelope.subject);
      if (!key) keys.set(envelope.subject, (key = createSecretKey(this.unwrap(wrappedKey))));
      return this.decrypt(key, envelope);
    });
  }

  /** Crypto-shredding: the subject's personal data can never be read again. */
  async erase(subjectId: string, db: Queryable = this.db): Promise<void> {
    await this.eraseMany([subjectId], db);
  }

  async eraseMany(subjectIds: string[], db: Queryable = this.db): Promise<void> {
    await db.query('delete from data_subject_keys where subject_id = any($1)', [subjectIds]);
    await this.ledger?.record(subjectIds);
  }

  private wrap(key: Buffer): Buffer {
    const iv = randomBytesPooled(12);
    const cipher = createCipheriv('aes-256-gcm', this.wrappingKey, iv);
    const ct = Buffer.concat([cipher.update(key), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ct]);
  }

  private unwrap(wrapped: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.wrappingKey, wrapped.subarray(0, 12));
    decipher.setAuthTag(wrapped.subarray(12, 28));
    return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
  }

  private decrypt(key: KeyObject, envelope: PersonalDataEnvelope): JsonObject {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(envelope.ct, 'base64')),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as JsonObject;
  }
}
