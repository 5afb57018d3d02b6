import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { APP_SECRETS, type AppSecrets } from '#src/config/config.module.js';
import { RECOVERY_CODE_COUNT } from '#src/contract/team.js';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import { PasswordHasher } from './password-hasher.js';
import { totpStep } from './totp.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** No 0/o, 1/l/i: a recovery code is read off paper and typed. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_SHAPE = /^[a-z2-9]{5}-[a-z2-9]{5}$/;

export interface StoredSecondFactor {
  secret: string;
  confirmed: boolean;
}

/**
 * Members' TOTP secrets and recovery codes, out of the log as password hashes are. A secret must
 * be read back to check a code, so it is sealed (AES-256-GCM, bound to its member) under a key
 * derived from APP_SECRET: the database alone gives no secret away. Recovery codes are kept as
 * argon2 hashes (docs/decisions/0128-second-factor.md).
 */
@Injectable()
export class SecondFactors {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_SECRETS) private readonly secrets: AppSecrets,
    private readonly hasher: PasswordHasher,
  ) {}

  async find(memberId: string, db: Queryable = this.pool): Promise<StoredSecondFactor | null> {
    const { rows } = await db.query<{ sealed_secret: Buffer; confirmed: boolean }>(
      `select sealed_secret, confirmed_at is not null as confirmed
       from staff_second_factors where member_id = $1`,
      [memberId],
    );
    return rows[0]
      ? { secret: this.open(memberId, rows[0].sealed_secret), confirmed: rows[0].confirmed }
      : null;
  }

  /** A new secret awaiting its first code; replaces one not confirmed yet. */
  async startSetup(memberId: string, secret: string): Promise<void> {
    await this.pool.query(
      `insert into staff_second_factors (member_id, sealed_secret) values ($1, $2)
       on conflict (member_id) do update
       set sealed_secret = excluded.sealed_secret, created_at = now(), last_used_step = 0
       where staff_second_factors.confirmed_at is null`,
      [memberId, this.seal(memberId, secret)],
    );
  }

  /**
   * Whether `code` is the member's code of now and newer than the last one accepted; an accepted
   * code's step is remembered in the caller's transaction, so it never works twice.
   */
  async acceptCode(memberId: string, code: string, db: Queryable): Promise<boolean> {
    const { rows } = await db.query<{ sealed_secret: Buffer; last_used_step: string }>(
      `select sealed_secret, last_used_step from staff_second_factors
       where member_id = $1 for update`,
      [memberId],
    );
    if (!rows[0]) return false;
    const step = totpStep(this.open(memberId, rows[0].sealed_secret), code);
    if (step === null || step <= Number(rows[0].last_used_step)) return false;
    await db.query('update staff_second_factors set last_used_step = $2 where member_id = $1', [
      memberId,
      step,
    ]);
    return true;
  }

  /** Turns the factor on and answers its new recovery codes, which only their hashes keep. */
  async confirm(memberId: string, db: Queryable): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((code) => this.hasher.hash(code)));
    await db.query('update staff_second_factors set confirmed_at = now() where member_id = $1', [
      memberId,
    ]);
    await db.query('delete from staff_recovery_codes where member_id = $1', [memberId]);
    await db.query(
      'insert into staff_recovery_codes (member_id, code_hash) select $1, unnest($2::text[])',
      [memberId, hashes],
    );
    return codes;
  }

  /** Uses up the recovery code typed: answers how many remain, or null when none matched. */
  async useRecoveryCode(memberId: string, typed: string, db: Queryable): Promise<number | null> {
    const code = typed.trim().toLowerCase();
    const { rows } = await db.query<{ id: string; code_hash: string }>(
      `select id, code_hash from staff_recovery_codes
       where member_id = $1 and used_at is null order by id for update`,
      [memberId],
    );
    if (!RECOVERY_SHAPE.test(code)) return null;
    for (const row of rows) {
      if (await this.hasher.verify(row.code_hash, code)) {
        await db.query('update staff_recovery_codes set used_at = now() where id = $1', [row.id]);
        return rows.length - 1;
      }
    }
    return null;
  }

  async remove(memberId: string, db: Queryable): Promise<void> {
    await db.query('delete from staff_recovery_codes where member_id = $1', [memberId]);
    await db.query('delete from staff_second_factors where member_id = $1', [memberId]);
  }

  private seal(memberId: string, secret: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.secrets.secondFactorSealingKey, iv);
    cipher.setAAD(Buffer.from(memberId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
  }

  private open(memberId: string, stored: Buffer): string {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.secrets.secondFactorSealingKey,
      stored.subarray(0, IV_BYTES),
    );
    decipher.setAAD(Buffer.from(memberId));
    decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const part = () => Array.from({ length: 5 }, pick).join('');
  return `${part()}-${part()}`;
}
