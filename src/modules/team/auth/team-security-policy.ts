import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { TeamSecurityPolicy } from '#src/contract/team.js';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';

/**
 * The team's sign-in policy as every request reads it: one row (none means not required), written in the transaction that
 * records `SecondFactorPolicyChanged` on `team-security`, whose events remain the record.
 */
@Injectable()
export class TeamSecurityPolicyRepository {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async get(db: Queryable = this.pool): Promise<TeamSecurityPolicy> {
    const { rows } = await db.query<{ second_factor_required_for_admins: boolean }>(
      'select second_factor_required_for_admins from staff_security_policy',
    );
    return { secondFactorRequiredForAdmins: rows[0]?.second_factor_required_for_admins ?? false };
  }

  async save(policy: TeamSecurityPolicy, db: Queryable): Promise<void> {
    // No row until an admin first decides; then this one.
    await db.query(
      `insert into staff_security_policy (id, second_factor_required_for_admins) values (true, $1)
       on conflict (id) do update set second_factor_required_for_admins = excluded.second_factor_required_for_admins`,
      [policy.secondFactorRequiredForAdmins],
    );
  }
}
