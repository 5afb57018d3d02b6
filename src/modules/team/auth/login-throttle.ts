import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { Refusal } from '#src/platform/domain/refusal.js';
import { APP_SECRETS, type AppSecrets } from '#src/config/config.module.js';
import { PG_POOL } from '#src/platform/database/queryable.js';

/** Failed tries a minute at one account from one client address. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 5;
/** Failed tries a minute from one client address, whatever the accounts. */
export const CLIENT_LOGIN_ATTEMPTS_PER_MINUTE = 20;
const WINDOW_SECONDS = 60;
export const TOO_MANY_LOGINS_MESSAGE = 'Too many login attempts. Wait a minute and try again.';
export const TOO_MANY_RESETS_MESSAGE =
  'Too many password reset requests. Wait a minute and try again.';

/** What a try is counted against, and how many tries a minute it allows. */
export interface ThrottleKey {
  key: string;
  limit: number;
}

/** A login try counted against its keys until it succeeds. */
export interface LoginAttempt {
  ids: number[];
}

/**
 * Slows password guessing: a client address gets a few failed tries a minute at one account and
 * a few more across all accounts, then 429 before any hashing. Nothing counts per account alone:
 * guesses from elsewhere must not lock the owner out of their own account. A try is counted
 * before the password is checked, so a burst of parallel guesses cannot all slip under the
 * limit, and withdrawn when it succeeds, so staff signing in normally never use up the
 * allowance. Kept in PostgreSQL so every app instance counts together; keys are keyed hashes,
 * never a plain e-mail or IP.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_SECRETS) private readonly secrets: AppSecrets,
  ) {}

  emailHash(email: string): string {
    return createHmac('sha256', this.secrets.hashSalt)
      .update(`login:${email}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /** `purpose` keeps apart what is counted: sign-ins, and requests for a reset link. */
  keysFor(email: string, ipHash: string | undefined, purpose = ''): ThrottleKey[] {
    const client = `${purpose}client:${ipHash ?? 'unknown'}`;
    return [
      { key: client, limit: CLIENT_LOGIN_ATTEMPTS_PER_MINUTE },
      { key: `account:${this.emailHash(email)}:${client}`, limit: LOGIN_ATTEMPTS_PER_MINUTE },
    ];
  }

  /** Counts a try, or refuses it with 429 when any key has used up its minute. */
  async begin(keys: ThrottleKey[], refusal = TOO_MANY_LOGINS_MESSAGE): Promise<LoginAttempt> {
    const names = keys.map(({ key }) => key);
    const { rows } = await this.pool.query<{ id: number }>(
      'insert into auth_login_failures (key) select unnest($1::text[]) returning id',
      [names],
    );
    const attempt = { ids: rows.map((row) => row.id) };
    const { rows: counts } = await this.pool.query<{ blocked: boolean }>(
      `select coalesce(bool_or(n > lim), false) as blocked from (
         select k.lim, (select count(*) from auth_login_failures f
                        where f.key = k.key and f.failed_at > now() - make_interval(secs => $3)) as n
         from unnest($1::text[], $2::int[]) as k(key, lim)) counts`,
      [names, keys.map(({ limit }) => limit), WINDOW_SECONDS],
    );
    if (counts[0]?.blocked) {
      // A refused try is not a guess: it must not extend the lock-out.
      await this.withdraw(attempt);
      throw new Refusal('too_many_requests', refusal);
    }
    return attempt;
  }

  /** The try succeeded: it does not count against anyone. */
  async withdraw(attempt: LoginAttempt): Promise<void> {
    await this.pool.query('delete from auth_login_failures where id = any($1)', [attempt.ids]);
  }
}
