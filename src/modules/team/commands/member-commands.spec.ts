import { randomUUID } from 'node:crypto';
import type { Actor } from '#src/platform/domain/actor.js';
import { refusalOf } from '#test/support/refusal.js';
import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import type { TeamMember } from '#src/modules/team/queries/members.reader.js';
import { InMemoryTeam } from '#test/support/in-memory-team.js';
import { AddMemberCommand } from './add-member/add-member.command.js';
import { AddMemberHandler } from './add-member/add-member.handler.js';
import { ChangeMemberCommand } from './change-member/change-member.command.js';
import { ChangeMemberHandler } from './change-member/change-member.handler.js';
import { LogOutCommand } from './log-out/log-out.command.js';
import { LogOutHandler } from './log-out/log-out.handler.js';
import { ResetPasswordCommand } from './reset-password/reset-password.command.js';
import { ResetPasswordHandler } from './reset-password/reset-password.handler.js';
import { SetMemberActiveCommand } from './set-member-active/set-member-active.command.js';
import { SetMemberActiveHandler } from './set-member-active/set-member-active.handler.js';

const LIISA = { firstName: ' Liisa ', lastName: 'Laine', email: ' Liisa.Laine@Example.fi ' };

/** The team's member handlers, built as Nest builds them, over the team kept in memory. */
async function handlers() {
  const team = await new InMemoryTeam().start();
  return {
    team,
    add: new AddMemberHandler(team.memberStreams, team.credentials, team.hasher),
    change: new ChangeMemberHandler(team.memberStreams),
    setActive: new SetMemberActiveHandler(team.memberStreams, team.sessionRows),
    resetPassword: new ResetPasswordHandler(
      team.memberStreams,
      team.credentials,
      team.sessionRows,
      team.hasher,
    ),
    logOut: new LogOutHandler(team.sessionRows, team.store.asEventStore()),
  };
}

/** Runs `work` as the signed-in `member` does: the rules about oneself read the acting member. */
const as = <T>(member: TeamMember, work: () => Promise<T>) => {
  const actor: Actor = { id: member.id, name: member.firstName, role: member.role };
  return RequestContext.run({ requestId: randomUUID(), actor }, work);
};

describe('team member handlers', () => {
  describe('AddMember', () => {
    it('should start the member stream with the profile tidied and a one-time password to change', async () => {
      const { team, add } = await handlers();
      const { memberId, oneTimePassword } = await add.execute(
        new AddMemberCommand(LIISA, 'salesperson'),
      );

      expect(team.memberEvents(memberId)).toEqual([
        {
          type: 'MemberAdded',
          data: { memberId, role: 'salesperson' },
          personalData: { firstName: 'Liisa', lastName: 'Laine', email: 'liisa.laine@example.fi' },
        },
      ]);
      const stored = team.passwords.get(memberId)!;
      expect(stored.mustChangePassword).toBe(true);
      await expect(team.hasher.verify(stored.passwordHash, oneTimePassword!)).resolves.toBe(true);
    });

    it('should keep a password the admin chose, with nothing to change at sign-in', async () => {
      const { team, add } = await handlers();
      const chosen = 'kalvo keittiöön joka ikkunaan';
      const { memberId, oneTimePassword } = await add.execute(
        new AddMemberCommand(LIISA, 'manager', chosen),
      );
      expect(oneTimePassword).toBeNull();
      const stored = team.passwords.get(memberId)!;
      expect(stored.mustChangePassword).toBe(false);
      await expect(team.hasher.verify(stored.passwordHash, chosen)).resolves.toBe(true);
    });

    it('should refuse an e-mail another member holds, whatever its case, and store nothing', async () => {
      const { team, add } = await handlers();
      const pekka = await team.given('manager', 'Pekka');
      const streamsBefore = team.store.streamIds();
      const refusal = await refusalOf(
        add.execute(new AddMemberCommand({ ...LIISA, email: pekka.email.toUpperCase() }, 'admin')),
      );
      expect(refusal.message).toBe('Another team member already uses this email');
      expect(team.store.streamIds()).toEqual(streamsBefore);
      expect([...team.passwords.keys()]).toEqual([pekka.id]);
    });
  });

  describe('ChangeMember', () => {
    it("should record an admin's change of another member's name and role", async () => {
      const { team, change } = await handlers();
      const anna = await team.given('admin', 'Anna');
      const pekka = await team.given('salesperson', 'Pekka');
      const profile = { firstName: 'Pekka', lastName: 'Korhonen', email: pekka.email };
      await expect(
        as(anna, () =>
          change.execute(new ChangeMemberCommand(pekka.id, { profile, role: 'manager' })),
        ),
      ).resolves.toEqual({ version: 3 });
      expect(team.memberEvents(pekka.id, 1)).toEqual([
        { type: 'MemberProfileChanged', data: { memberId: pekka.id }, personalData: profile },
        {
          type: 'MemberRoleChanged',
          data: { memberId: pekka.id, role: 'manager', previousRole: 'salesperson' },
        },
      ]);
    });

    it('should refuse an admin taking away their own admin role', async () => {
      const { team, change } = await handlers();
      const anna = await team.given('admin', 'Anna');
      await team.given('admin', 'Aleksi');
      const refusal = await refusalOf(
        as(anna, () => change.execute(new ChangeMemberCommand(anna.id, { role: 'manager' }))),
      );
      expect(refusal.code).toBe('forbidden');
      expect(team.memberEvents(anna.id, 1)).toEqual([]);
    });

    it('should refuse demoting the last active admin', async () => {
      const { team, change } = await handlers();
      const anna = await team.given('admin', 'Anna');
      await team.given('admin', 'Aleksi', { active: false });
      const refusal = await refusalOf(
        change.execute(new ChangeMemberCommand(anna.id, { role: 'salesperson' })),
      );
      expect(refusal.message).toBe('The last active admin cannot be removed or demoted');
      expect(team.memberEvents(anna.id, 1)).toEqual([]);
    });

    it('should refuse a version the member has moved past', async () => {
      const { team, change } = await handlers();
      const pekka = await team.given('salesperson', 'Pekka', { active: false });
      await expect(
        change.execute(new ChangeMemberCommand(pekka.id, { role: 'manager', expectedVersion: 1 })),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(team.memberEvents(pekka.id, 2)).toEqual([]);
    });
  });

  describe('SetMemberActive', () => {
    it("should deactivate a member and end every session they have, and no one else's", async () => {
      const { team, setActive } = await handlers();
      const anna = await team.given('admin', 'Anna');
      const pekka = await team.given('salesperson', 'Pekka');
      const [phone, laptop] = [team.givenSession(pekka.id), team.givenSession(pekka.id)];
      const annas = team.givenSession(anna.id);

      await as(anna, () => setActive.execute(new SetMemberActiveCommand(pekka.id, false)));

      expect(team.memberEvents(pekka.id, 1)).toEqual([
        { type: 'MemberDeactivated', data: { memberId: pekka.id } },
      ]);
      expect([phone, laptop].map((id) => team.sessions.get(id)!.ended)).toEqual([
        'deactivated',
        'deactivated',
      ]);
      expect(team.sessions.get(annas)!.ended).toBeNull();
    });

    it('should reactivate a member, and append nothing for one already active', async () => {
      const { team, setActive } = await handlers();
      const pekka = await team.given('salesperson', 'Pekka', { active: false });
      await expect(setActive.execute(new SetMemberActiveCommand(pekka.id, true))).resolves.toEqual({
        version: 3,
      });
      await setActive.execute(new SetMemberActiveCommand(pekka.id, true));
      expect(team.memberEvents(pekka.id, 2)).toEqual([
        { type: 'MemberReactivated', data: { memberId: pekka.id } },
      ]);
    });

    it('should refuse an admin deactivating themself, ending no session', async () => {
      const { team, setActive } = await handlers();
      const anna = await team.given('admin', 'Anna');
      await team.given('admin', 'Aleksi');
      const session = team.givenSession(anna.id);
      const refusal = await refusalOf(
        as(anna, () => setActive.execute(new SetMemberActiveCommand(anna.id, false))),
      );
      expect(refusal.code).toBe('forbidden');
      expect(team.memberEvents(anna.id, 1)).toEqual([]);
      expect(team.sessions.get(session)!.ended).toBeNull();
    });

    it('should refuse a member nobody added', async () => {
      const { setActive } = await handlers();
      const refusal = await refusalOf(
        setActive.execute(new SetMemberActiveCommand(randomUUID(), false)),
      );
      expect(refusal.code).toBe('not_found');
    });
  });

  describe('ResetPassword', () => {
    it('should give a new one-time password, record the reset and end every session', async () => {
      const { team, resetPassword } = await handlers();
      const pekka = await team.given('salesperson', 'Pekka');
      const session = team.givenSession(pekka.id);

      const { oneTimePassword } = await resetPassword.execute(new ResetPasswordCommand(pekka.id));

      expect(team.memberEvents(pekka.id, 1)).toEqual([
        { type: 'MemberPasswordChanged', data: { memberId: pekka.id, how: 'reset' } },
      ]);
      const stored = team.passwords.get(pekka.id)!;
      expect(stored.mustChangePassword).toBe(true);
      await expect(team.hasher.verify(stored.passwordHash, oneTimePassword)).resolves.toBe(true);
      expect(team.sessions.get(session)!.ended).toBe('password_changed');
    });

    it('should refuse a member nobody added and keep every password as it was', async () => {
      const { team, resetPassword } = await handlers();
      const pekka = await team.given('salesperson', 'Pekka');
      const before = team.passwords.get(pekka.id);
      const refusal = await refusalOf(resetPassword.execute(new ResetPasswordCommand('nobody')));
      expect(refusal.code).toBe('not_found');
      expect([...team.passwords.values()]).toEqual([before]);
    });
  });

  describe('LogOut', () => {
    it('should end the session it was made with and record it on the auth stream', async () => {
      const { team, logOut } = await handlers();
      const pekka = await team.given('salesperson', 'Pekka');
      const [here, elsewhere] = [team.givenSession(pekka.id), team.givenSession(pekka.id)];

      await logOut.execute(new LogOutCommand(pekka.id, here));

      expect(team.store.eventsOf(`auth-${pekka.id}`)).toEqual([
        { type: 'MemberLoggedOut', data: { memberId: pekka.id, sessionId: here } },
      ]);
      expect(team.sessions.get(here)!.ended).toBe('logout');
      expect(team.sessions.get(elsewhere)!.ended).toBeNull();
    });

    it('should record nothing for a session that had already ended', async () => {
      const { team, logOut } = await handlers();
      const pekka = await team.given('salesperson', 'Pekka');
      const session = team.givenSession(pekka.id);
      await logOut.execute(new LogOutCommand(pekka.id, session));
      await logOut.execute(new LogOutCommand(pekka.id, session));
      expect(team.store.eventsOf(`auth-${pekka.id}`)).toHaveLength(1);
    });
  });
});
