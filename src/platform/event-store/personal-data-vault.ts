import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';
import type { Queryable } from '#src/platform/database/queryable.js';
import { recordErasures } from './erasure-ledger.js';
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

const STORE_NEW_KEYS = {
  name: 'data-subject-keys-store-new',
  text: `insert into data_subject_keys (subject_id, wrapped_key)
         select * from unnest($1::text[], $2::bytea[])
         on conflict (subject_id) do nothing returning subject_id`,
};

interface StoredKey {
  subject_id: string;
  wrapped_key: Buffer;
  created: boolean;
}

/** A subject's key as an append seals with it before anything is written. */
export interface SealingKey {
  key: KeyObject;
  /** The key as stored: the append is written only while this is the subject's stored key. */
  wrapped: Buffer;
  /** Made just now for a subject expected to be new: `storeNew` stores it unless one exists. */
  isNew: boolean;
}

/** Subjects whose sealing keys are remembered: a burst of new leads and their e-mails. */
const REMEMBERED_KEYS = 10_000;

/**
 * Encrypts personal data with one key per data subject (AES-256-GCM). Keys are stored wrapped
 * by the app's master key in their own table; deleting a subject's key makes every event about
 * that subject unreadable (crypto-shredding) while the events themselves stay. Opening always
 * reads the stored key. Sealing may use a key remembered from an earlier append, or a new one
 * made before it is stored, to save the round trip that reads or stores it first: the append
 * statement then writes only if that exact key is the subject's stored key. So a key remembered
 * from a rolled-back transaction, or one erased meanwhile by this or another instance, never
 * seals data that gets stored; such an append is sealed again with the stored key.
 */
export class PersonalDataVault {
  private readonly remembered = new Map<string, SealingKey>();

  constructor(
    private readonly db: Queryable,
    private readonly wrappingKey: KeyObject,
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
      rows.map((row) => {
        // A key this call stored is the one just made: no need to unwrap it again. Keys go to
        // the ciphers as key objects, for the reason given at AppSecrets.
        const key = createSecretKey(
          row.created ? fresh.get(row.subject_id)! : this.unwrap(row.wrapped_key),
        );
        this.remember(row.subject_id, { key, wrapped: row.wrapped_key, isNew: false });
        return [row.subject_id, { key, created: row.created }];
      }),
    );
    const lost = subjectIds.find((id) => !keys.has(id));
    if (lost) throw new Error(`No key could be stored for data subject ${lost}`);
    return keys;
  }

  /**
   * A key to seal with at once, or null when the stored one must be read first: the key last
   * used for the subject, else a new one when the caller expects the subject to be new.
   */
  sealingKey(subjectId: string, expectNew: boolean): SealingKey | null {
    const known = this.remembered.get(subjectId);
    if (known) return known;
    if (!expectNew) return null;
    const raw = randomBytesPooled(32);
    return { key: createSecretKey(raw), wrapped: this.wrap(raw), isNew: true };
  }

  /** Stores new keys of `sealingKey`; answers the subjects that had none and now have these. */
  async storeNew(keys: Map<string, SealingKey>, db: Queryable): Promise<string[]> {
    if (keys.size === 0) return [];
    const { rows } = await db.query<{ subject_id: string }>({
      ...STORE_NEW_KEYS,
      values: [[...keys.keys()], [...keys.values()].map((k) => k.wrapped)],
    });
    return rows.map((row) => row.subject_id);
  }

  /** Seals with `key` from now on, until it fails an append or the subject is erased. */
  remember(subjectId: string, key: SealingKey): void {
    this.remembered.delete(subjectId);
    this.remembered.set(subjectId, key.isNew ? { ...key, isNew: false } : key);
    // The oldest go a tenth at a time: deleting one from the front at every new key made each
    // lookup of the front step over all the entries deleted before it.
    if (this.remembered.size > REMEMBERED_KEYS + REMEMBERED_KEYS / 10) {
      let excess = this.remembered.size - REMEMBERED_KEYS;
      for (const subject of this.remembered.keys()) {
        if (excess-- === 0) break;
        this.remembered.delete(subject);
      }
    }
  }

  forget(subjectIds: Iterable<string>): void {
    for (const subjectId of subjectIds) this.remembered.delete(subjectId);
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
      return this.decryptOrErased(key, envelope);
    });
  }

  /**
   * A subject erased and then given personal data again has a new key: what was sealed under
   * the shredded one fails authentication with it and reads as erased, like any shredded data.
   */
  private decryptOrErased(key: KeyObject, envelope: PersonalDataEnvelope): JsonObject | null {
    try {
      return this.decrypt(key, envelope);
    } catch (error) {
      if ((error as Error).message.includes('unable to authenticate data')) return null;
      throw error;
    }
  }

  /** Crypto-shredding: the subject's personal data can never be read again. */
  async erase(subjectId: string, db: Queryable = this.db): Promise<void> {
    await this.eraseMany([subjectId], db);
  }

  async eraseMany(subjectIds: string[], db: Queryable = this.db): Promise<void> {
    await this.dropKeys(subjectIds, db);
    // In the same transaction: the erasure and its ledger line commit together or not at all.
    await recordErasures(db, subjectIds);
  }

  /**
   * Drops keys made in this transaction for appends that lost: no event holds data under them,
   * so it is no erasure, and the ledger must not list the subject (a restore would shred the
   * key its next append makes).
   */
  async dropKeys(subjectIds: string[], db: Queryable = this.db): Promise<void> {
    this.forget(subjectIds);
    await db.query('delete from data_subject_keys where subject_id = any($1)', [subjectIds]);
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
