import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { AddMemberCommand } from '#src/modules/team/commands/add-member/add-member.command.js';
import { ChangeMemberCommand } from '#src/modules/team/commands/change-member/change-member.command.js';
import { LogInCommand } from '#src/modules/team/commands/log-in/log-in.command.js';
import { SetMemberActiveCommand } from '#src/modules/team/commands/set-member-active/set-member-active.command.js';
import { EmailTakenError, LastAdminError } from '#src/modules/team/domain/member.errors.js';
import { MembersReader } from '#src/modules/team/queries/members.reader.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { STAFF_PASSWORD } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/**
 * The team's handlers through the command bus on a real database: their rules read the team's
 * read model inside the team lock, which an in-memory event store cannot stand in for.
 */
describe('Team command handlers against PostgreSQL', () => {
  let bus: CommandBus;

  const testApp = useTestApp();

  beforeAll(async () => {
    bus = testApp.app.get(CommandBus);
  });

  const as = <T>(actor: Actor, work: () => Promise<T>) =>
    RequestContext.run({ requestId: randomUUID(), actor }, work);
  const addAdmin = async (firstName: string) => {
    const profile = {
      firstName,
      lastName: 'Admin',
      email: `${firstName}-${randomUUID()}@example.fi`,
    };
    const { memberId } = await bus.execute(new AddMemberCommand(profile, 'admin', STAFF_PASSWORD));
    return {
      id: memberId,
      name: `${firstName} Admin`,
      role: 'admin' as const,
      email: profile.email,
    };
  };
  const activeAdmins = () => testApp.app.get(MembersReader).countActiveAdmins();
  /** Deactivates every other active admin, so the team has exactly `keep` active. */
  async function onlyActiveAdmins(keep: Actor[]) {
    const { rows } = await testApp.db.pool.query<{ id: string }>(
      `select id from team_members where role = 'admin' and is_active and not (id = any($1))`,
      [keep.map((admin) => admin.id)],
    );
    for (const { id } of rows) {
      await as(keep[0], () => bus.execute(new SetMemberActiveCommand(id, false)));
    }
    expect(await activeAdmins()).toBe(keep.length);
  }

  describe('SetMemberActive', () => {
    it('should let only one of two admins deactivating each other at once succeed', async () => {
      const anna = await addAdmin('Anna');
      const mika = await addAdmin('Mika');
      await onlyActiveAdmins([anna, mika]);

      const results = await Promise.allSettled([
        as(anna, () => bus.execute(new SetMemberActiveCommand(mika.id, false))),
        as(mika, () => bus.execute(new SetMemberActiveCommand(anna.id, false))),
      ]);

      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(LastAdminError);
      expect(await activeAdmins()).toBe(1);
    });

    it("should end the deactivated member's sessions in the same change", async () => {
      const anna = await addAdmin('Aino');
      const olli = await addAdmin('Olli');
      await bus.execute(new LogInCommand(olli.email, STAFF_PASSWORD, undefined));
      const liveSessions = async () =>
        (
          await testApp.db.pool.query<{ n: number }>(
            `select count(*)::int as n from staff_sessions where member_id = $1 and ended_at is null`,
            [olli.id],
          )
        ).rows[0].n;
      expect(await liveSessions()).toBe(1);

      await as(anna, () => bus.execute(new SetMemberActiveCommand(olli.id, false)));

      expect(await liveSessions()).toBe(0);
    });
  });

  describe('AddMember and ChangeMember', () => {
    it('should add only one of two members given the same e-mail at once', async () => {
      const email = `twice-${randomUUID()}@example.fi`;
      const results = await Promise.allSettled(
        ['Eeva', 'Emma'].map((firstName) =>
          bus.execute(
            new AddMemberCommand({ firstName, lastName: 'Tester', email }, 'salesperson'),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(
        (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason,
      ).toBeInstanceOf(EmailTakenError);
    });

    it("should refuse to give a member another's e-mail, whatever its case", async () => {
      const anna = await addAdmin('Anni');
      const other = await addAdmin('Otto');
      const refused = await as(anna, () =>
        bus.execute(
          new ChangeMemberCommand(other.id, {
            profile: { firstName: 'Otto', lastName: 'Admin', email: anna.email.toUpperCase() },
          }),
        ),
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(EmailTakenError);
    });
  });
});
