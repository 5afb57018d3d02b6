import { createHash, createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  APP_CONFIG,
  APP_SECRETS,
  type AppConfig,
  type AppSecrets,
} from '#src/config/config.module.js';
import { publicOrigin } from '#src/config/public-origin.js';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import {
  ResetLinkExpiredError,
  ResetLinkInvalidError,
  ResetLinkUsedError,
} from '#src/modules/team/domain/member.errors.js';

/** Product rule: a reset link works once, for 30 minutes (docs/product.md#staff-accounts). */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

/** Where the link opens, with its token in the query (the frontend's route). */
const RESET_PAGE = '/reset-password';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A reset link ready to be mailed: still unused and in time. */
export interface ResetLinkToSend {
  memberId: string;
  url: string;
  expiresAt: Date;
}

/**
 * Password reset links. A link's token is the keyed hash of its reset's random id, so the mail
 * worker can write the link again from the id whenever it sends (the outbox keeps no secret),
 * while the table keeps only the token's hash: nothing stored opens an account without the app
 * secret (docs/decisions/0125-staff-mail-and-password-reset.md).
 */
@Injectable()
export class PasswordResets {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_SECRETS) private readonly secrets: AppSecrets,
  ) {}

  async create(resetId: string, memberId: string, expiresAt: Date, db: Queryable): Promise<void> {
    await db.query(
      'insert into password_resets (id, member_id, token_hash, expires_at) values ($1, $2, $3, $4)',
      [resetId, memberId, hashOf(this.tokenFor(resetId)), expiresAt],
    );
  }

  /** The link of a reset, or null once it was used or ran out: then nothing is worth sending. */
  async linkToSend(resetId: string): Promise<ResetLinkToSend | null> {
    const { rows } = await this.pool.query<{ member_id: string; expires_at: Date }>(
      `select member_id, expires_at from password_resets
       where id = $1 and used_at is null and expires_at > now()`,
      [resetId],
    );
    if (!rows[0]) return null;
    const token = this.tokenFor(resetId);
    return {
      memberId: rows[0].member_id,
      url: `${publicOrigin(this.config)}${RESET_PAGE}?token=${token}`,
      expiresAt: rows[0].expires_at,
    };
  }

  /**
   * Uses up the reset a token names, in the caller's transaction, with every other open reset of
   * its member: answers the member, or refuses an unknown, used or expired link.
   */
  async consume(token: string, db: Queryable): Promise<{ memberId: string }> {
    if (!TOKEN_SHAPE.test(token)) throw new ResetLinkInvalidError();
    const { rows } = await db.query<{ member_id: string; used: boolean; expired: boolean }>(
      `select member_id, used_at is not null as used, expires_at <= now() as expired
       from password_resets where token_hash = $1 for update`,
      [hashOf(token)],
    );
    const reset = rows[0];
    if (!reset) throw new ResetLinkInvalidError();
    if (reset.used) throw new ResetLinkUsedError();
    if (reset.expired) throw new ResetLinkExpiredError();
    await db.query(
      'update password_resets set used_at = now() where member_id = $1 and used_at is null',
      [reset.member_id],
    );
    return { memberId: reset.member_id };
  }

  /** Links used or expired a day ago are of no more use, even to look into an incident. */
  async prune(): Promise<void> {
    await this.pool.query(
      `delete from password_resets where coalesce(used_at, expires_at) < now() - interval '1 day'`,
    );
  }

  protected tokenFor(resetId: string): string {
    return createHmac('sha256', this.secrets.passwordResetKey).update(resetId).digest('base64url');
  }
}

const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest();
