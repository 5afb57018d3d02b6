import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import type { StaffRole, TeamMember } from '#src/contract/team.js';
import { MemberNotFoundError } from '#src/modules/team/domain/member.errors.js';

export type { TeamMember };

interface MemberRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  role: StaffRole;
  is_active: boolean;
  last_login_at: Date | null;
  created_at: Date;
  version: number;
}

const COLUMNS =
  'id, first_name, last_name, email, role, is_active, last_login_at, created_at, version';

/** Reads the team list (the inline `team_members` projection). */
@Injectable()
export class MembersReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async list(db: Queryable = this.pool): Promise<TeamMember[]> {
    const { rows } = await db.query<MemberRow>(
      `select ${COLUMNS} from team_members order by is_active desc, lower(first_name), lower(last_name), created_at`,
    );
    return rows.map(toMember);
  }

  async find(id: string, db: Queryable = this.pool): Promise<TeamMember | null> {
    const { rows } = await db.query<MemberRow>(
      `select ${COLUMNS} from team_members where id = $1`,
      [id],
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async get(id: string, db: Queryable = this.pool): Promise<TeamMember> {
    const member = await this.find(id, db);
    if (!member) throw new MemberNotFoundError();
    return member;
  }

  async findByEmail(email: string, db: Queryable = this.pool): Promise<TeamMember | null> {
    const { rows } = await db.query<MemberRow>(
      `select ${COLUMNS} from team_members where lower(email) = lower($1)`,
      [email],
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async countActiveAdmins(db: Queryable = this.pool): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from team_members where role = 'admin' and is_active`,
    );
    return rows[0].n;
  }
}

/** A member's name columns; they read as empty once the member's personal data is erased. */
export function memberNameOf(row: Pick<MemberRow, 'first_name' | 'last_name' | 'email'>) {
  return { firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email ?? '' };
}

function toMember(row: MemberRow): TeamMember {
  return {
    id: row.id,
    ...memberNameOf(row),
    role: row.role,
    isActive: row.is_active,
    lastLogin: row.last_login_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}
