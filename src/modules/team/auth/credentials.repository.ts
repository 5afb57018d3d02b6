import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';

export interface StoredCredentials {
  memberId: string;
  passwordHash: string;
  mustChangePassword: boolean;
}

/** Password hashes: their own table, never in events, never in a read model. */
@Injectable()
export class CredentialsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async find(memberId: string, db: Queryable = this.pool): Promise<StoredCredentials | null> {
    const { rows } = await db.query<{ password_hash: string; must_change_password: boolean }>(
      'select password_hash, must_change_password from staff_credentials where member_id = $1',
      [memberId],
    );
    return rows[0]
      ? {
          memberId,
          passwordHash: rows[0].password_hash,
          mustChangePassword: rows[0].must_change_password,
        }
      : null;
  }

  async save(
    memberId: string,
    passwordHash: string,
    mustChangePassword: boolean,
    db: Queryable,
  ): Promise<void> {
    await db.query(
      `insert into staff_credentials (member_id, password_hash, must_change_password, changed_at)
       values ($1, $2, $3, now())
       on conflict (member_id) do update
       set password_hash = excluded.password_hash,
           must_change_password = excluded.must_change_password, changed_at = now()`,
      [memberId, passwordHash, mustChangePassword],
    );
  }
}
