import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '#src/platform/database/queryable.js';
import type { JsonObject } from './event-store.types.js';

/** The encrypted form of an event's personal data, stored inside `data`. */
export interface PersonalDataEnvelope {
  subject: string;
  iv: string;
  tag: string;
  ct: string;
}

export const PERSONAL_DATA_FIELD = '$personal';

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
    private readonly wrappingKey: Buffer,
  ) {}

  /** The subject's key, created on first use inside the caller's transaction. */
  async keyFor(subjectId: string, db: Queryable = this.db): Promise<Buffer> {
    const { rows } = await db.query<{ wrapped_key: Buffer }>(
      `with inserted as (
         insert into data_subject_keys (subject_id, wrapped_key) values ($1, $2)
         on conflict (subject_id) do nothing returning wrapped_key)
       select wrapped_key from inserted
       union all select wrapped_key from data_subject_keys where subject_id = $1
       limit 1`,
      [subjectId, this.wrap(randomBytes(32))],
    );
    // A concurrent first write for the same subject may have won the insert after our snapshot.
    const stored =
      rows[0] ??
      (
        await db.query<{ wrapped_key: Buffer }>(
          'select wrapped_key from data_subject_keys where subject_id = $1',
          [subjectId],
        )
      ).rows[0];
    if (!stored) throw new Error(`No key could be stored for data subject ${subjectId}`);
    return this.unwrap(stored.wrapped_key);
  }

  seal(key: Buffer, subjectId: string, data: JsonObject): PersonalDataEnvelope {
    const iv = randomBytes(12);
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
    const keys = new Map(rows.map((r) => [r.subject_id, this.unwrap(r.wrapped_key)]));
    return envelopes.map((envelope) => {
      const key = keys.get(envelope.subject);
      return key ? this.decrypt(key, envelope) : null;
    });
  }

  /** Crypto-shredding: the subject's personal data can never be read again. */
  async erase(subjectId: string, db: Queryable = this.db): Promise<void> {
    await db.query('delete from data_subject_keys where subject_id = $1', [subjectId]);
  }

  private wrap(key: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.wrappingKey, iv);
    const ct = Buffer.concat([cipher.update(key), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ct]);
  }

  private unwrap(wrapped: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.wrappingKey, wrapped.subarray(0, 12));
    decipher.setAuthTag(wrapped.subarray(12, 28));
    return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
  }

  private decrypt(key: Buffer, envelope: PersonalDataEnvelope): JsonObject {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(envelope.ct, 'base64')),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as JsonObject;
  }
}
