import { Injectable } from '@nestjs/common';
import type { InlineEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import { type MemberEvent, MemberEvents } from '#src/modules/team/domain/member.events.js';

const HANDLED = [
  MemberEvents.MemberAdded,
  MemberEvents.MemberProfileChanged,
  MemberEvents.MemberRoleChanged,
  MemberEvents.MemberDeactivated,
  MemberEvents.MemberReactivated,
  MemberEvents.MemberPasswordChanged,
  MemberEvents.MemberLoggedIn,
];

/**
 * The team list, and the source of truth for "who is this member now" when deciding team
 * changes and authenticating requests. Inline, so a change is visible to the very next call.
 * `version` is the member stream's version, for optimistic concurrency on edits.
 */
@Injectable()
@Projection()
export class TeamMembersProjection extends projectionOf({
  name: 'team_members',
  mode: 'inline',
  version: 1,
  handles: HANDLED,
  needsPersonalData: true,
  tables: ['team_members'],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    const t = tables.team_members;
    await db.query(`
      create table ${t} (
        id uuid primary key,
        first_name text,
        last_name text,
        email text,
        role text not null,
        is_active boolean not null default true,
        last_login_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version int not null
      )`);
    // The handlers check e-mail uniqueness under a lock; the index is the safety net.
    await db.query(`create unique index ${t}_email on ${t} (lower(email))`);
  }

  async apply(events: InlineEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const t = tables.team_members;
    // Events come in log order and depend on each other (add, then edit): apply one by one, but
    // batch the dominant case, sign-ins, which only move last_login_at forward.
    const logins = events.filter((e) => e.type === MemberEvents.MemberLoggedIn);
    for (const event of events) {
      if (event.type === MemberEvents.MemberLoggedIn) continue;
      await this.applyOne(event, db, t);
    }
    if (logins.length > 0) {
      await db.query(
        `update ${t} m set last_login_at = greatest(m.last_login_at, l.at)
         from (select unnest($1::uuid[]) as id, unnest($2::timestamptz[]) as at) l
         where m.id = l.id`,
        [logins.map((e) => e.data.memberId), logins.map((e) => e.occurredAt)],
      );
    }
  }

  private async applyOne(
    recorded: InlineEvent,
    db: ProjectionContext['db'],
    t: string,
  ): Promise<void> {
    const event = recorded as unknown as MemberEvent;
    const memberId = event.data.memberId;
    const at = recorded.occurredAt;
    const version = recorded.streamVersion;
    switch (event.type) {
      case 'MemberAdded': {
        const profile = event.personalData;
        await db.query(
          `insert into ${t} (id, first_name, last_name, email, role, is_active, created_at, updated_at, version)
           values ($1, $2, $3, $4, $5, true, $6, $6, $7)`,
          [
            memberId,
            profile?.firstName ?? null,
            profile?.lastName ?? null,
            profile?.email ?? null,
            event.data.role,
            at,
            version,
          ],
        );
        return;
      }
      case 'MemberProfileChanged': {
        const profile = event.personalData;
        await db.query(
          `update ${t} set first_name = $2, last_name = $3, email = $4, updated_at = $5, version = $6
           where id = $1`,
          [
            memberId,
            profile?.firstName ?? null,
            profile?.lastName ?? null,
            profile?.email ?? null,
            at,
            version,
          ],
        );
        return;
      }
      case 'MemberRoleChanged':
        await db.query(`update ${t} set role = $2, updated_at = $3, version = $4 where id = $1`, [
          memberId,
          event.data.role,
          at,
          version,
        ]);
        return;
      case 'MemberDeactivated':
      case 'MemberReactivated':
        await db.query(
          `update ${t} set is_active = $2, updated_at = $3, version = $4 where id = $1`,
          [memberId, event.type === 'MemberReactivated', at, version],
        );
        return;
      case 'MemberPasswordChanged':
        await db.query(`update ${t} set updated_at = $2, version = $3 where id = $1`, [
          memberId,
          at,
          version,
        ]);
        return;
    }
  }
}
