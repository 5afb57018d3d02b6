import { createHmac } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { APP_SECRETS, type AppSecrets } from '#src/config/config.module.js';
import { PG_POOL } from '#src/platform/database/queryable.js';

export const LOGIN_ATTEMPTS_PER_MINUTE = 5;
const WINDOW_SECONDS = 60;
export const TOO_MANY_LOGINS_MESSAGE = 'Too many login attempts. Wait a minute and try again.';

/** A login try counted against its keys until it succeeds. */
export interface LoginAttempt {
  ids: number[];
}

/**
 * Slows password guessing from one client and against one account: five failed tries a minute
 * per key, then 429 before any hashing. A try is counted before the password is checked, so a
 * burst of parallel guesses cannot all slip under the limit, and withdrawn when it succeeds, so
 * staff signing in normally never use up the allowance. Kept in PostgreSQL so every app
 * instance counts together; keys are keyed hashes, never a plain e-mail or IP.
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

  keysFor(email: string, ipHash: string | undefined): string[] {
    const keys = [`account:${this.emailHash(email)}`];
    if (ipHash) keys.push(`client:${ipHash}`);
    return keys;
  }

  /** Counts a try, or refuses it with 429 when either key has used up its minute. */
  async begin(keys: string[]): Promise<LoginAttempt> {
    const { rows } = await this.pool.query<{ id: number }>(
      'insert into auth_login_failures (key) select unnest($1::text[]) returning id',
      [keys],
    );
    const attempt = { ids: rows.map((row) => row.id) };
    const { rows: counts } = await this.pool.query<{ blocked: boolean }>(
      `select coalesce(max(n) > $2, false) as blocked from (
         select count(*) as n from auth_login_failures
         where key = any($1) and failed_at > now() - make_interval(secs => $3)
         group by key) counts`,
      [keys, LOGIN_ATTEMPTS_PER_MINUTE, WINDOW_SECONDS],
    );
    if (counts[0]?.blocked) {
      // A refused try is not a guess: it must not extend the lock-out.
      await this.withdraw(attempt);
      throw new HttpException(TOO_MANY_LOGINS_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    }
    return attempt;
  }

  /** The try succeeded: it does not count against anyone. */
  async withdraw(attempt: LoginAttempt): Promise<void> {
    await this.pool.query('delete from auth_login_failures where id = any($1)', [attempt.ids]);
  }
}
