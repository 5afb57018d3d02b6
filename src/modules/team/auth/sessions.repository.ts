import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import { ReadBatcher } from '#src/platform/database/read-batcher.js';
import { memberNameOf } from '#src/modules/team/queries/members.reader.js';
import type { StaffRole } from '#src/platform/http/access.decorators.js';

export const SESSION_TTL_SECONDS = 8 * 60 * 60;

export type SessionEndReason = 'logout' | 'deactivated' | 'password_changed';

/** Who a live session belongs to, as of now. */
export interface LiveSession {
  sessionId: string;
  memberId: string;
  role: StaffRole;
  firstName: string;
  lastName: string;
  email: string;
  mustChangePassword: boolean;
  secondFactor: boolean;
  /** An admin without the second factor the team requires of admins. */
  mustSetUpSecondFactor: boolean;
}

/**
 * Server-side sessions: a token is only as good as its row, so logout, deactivation and a
 * password change take effect on the very next request, on every app instance.
 */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async start(sessionId: string, memberId: string, db: Queryable): Promise<void> {
    await db.query(
      `insert into staff_sessions (id, member_id, expires_at)
       values ($1, $2, now() + make_interval(secs => $3))`,
      [sessionId, memberId, SESSION_TTL_SECONDS],
    );
  }

  /**
   * The session, its member's current role and whether they are active. Every signed-in request
   * asks, so lookups that arrive together share one indexed query (never one already sent).
   */
  async findLive(sessionId: string, memberId: string): Promise<LiveSession | null> {
    const session = await this.liveSessions.load(sessionId);
    return session?.memberId === memberId ? session : null;
  }

  private readonly liveSessions = new ReadBatcher<LiveSession>(
    async (sessionIds) => {
      const { rows } = await this.pool.query<{
        id: string;
        member_id: string;
        role: StaffRole;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        must_change_password: boolean;
        second_factor: boolean;
        must_set_up_second_factor: boolean;
      }>({
        // Named, so each pooled connection plans it once.
        name: 'staff-live-sessions',
        text: `select s.id, s.member_id, m.role, m.first_name, m.last_name, m.email,
            c.must_change_password, f.confirmed_at is not null as second_factor,
            (m.role = 'admin' and coalesce(p.second_factor_required_for_admins, false)
              and f.confirmed_at is null) as must_set_up_second_factor
          from staff_sessions s
          join team_members m on m.id = s.member_id
          join staff_credentials c on c.member_id = s.member_id
          left join staff_security_policy p on p.id
          left join staff_second_factors f on f.member_id = s.member_id
          where s.id = any($1::uuid[]) and s.ended_at is null and s.expires_at > now()
            and m.is_active`,
        values: [sessionIds],
      });
      return new Map(
        rows.map((row) => [
          row.id,
          {
            sessionId: row.id,
            memberId: row.member_id,
            role: row.role,
            ...memberNameOf(row),
            mustChangePassword: row.must_change_password,
            secondFactor: row.second_factor,
            mustSetUpSecondFactor: row.must_set_up_second_factor,
          },
        ]),
      );
    },
    // One lookup in flight: every request that arrives meanwhile shares the next one.
    { maxInFlight: 1, maxKeys: 100 },
  );

  async end(
    sessionId: string,
    reason: SessionEndReason,
    db: Queryable = this.pool,
  ): Promise<boolean> {
    const result = await db.query(
      'update staff_sessions set ended_at = now(), end_reason = $2 where id = $1 and ended_at is null',
      [sessionId, reason],
    );
    return (result.rowCount ?? 0) > 0;
  }

  /** Ends every live session of a member, except optionally the one making the change. */
  async endAllOf(
    memberId: string,
    reason: SessionEndReason,
    db: Queryable,
    exceptSessionId: string | null = null,
  ): Promise<void> {
    await db.query(
      `update staff_sessions set ended_at = now(), end_reason = $2
       where member_id = $1 and ended_at is null and ($3::uuid is null or id <> $3)`,
      [memberId, reason, exceptSessionId],
    );
  }
}
