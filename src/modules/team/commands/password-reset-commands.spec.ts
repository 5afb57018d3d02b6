import { PASSWORD_RESET_TTL_MS } from '#src/modules/team/auth/password-resets.js';
import { authStream, UNKNOWN_ACCOUNT_STREAM } from '#src/modules/team/domain/member.events.js';
import { refusalOf } from '#test/support/refusal.js';
import { InMemoryTeam } from '#test/support/in-memory-team.js';
import { STAFF_PASSWORD } from '#test/support/staff.js';
import { CompletePasswordResetCommand } from './complete-password-reset/complete-password-reset.command.js';
import { CompletePasswordResetHandler } from './complete-password-reset/complete-password-reset.handler.js';
import { RequestPasswordResetCommand } from './request-password-reset/request-password-reset.command.js';
import { RequestPasswordResetHandler } from './request-password-reset/request-password-reset.handler.js';

const NEW_PASSWORD = 'uusi pitkä salasana keittiölle';
const IP = 'ip-hash';

/** The reset-link handlers, built as Nest builds them, over the team kept in memory. */
async function handlers() {
  const team = await new InMemoryTeam().start();
  return {
    team,
    request: new RequestPasswordResetHandler(
      team.members,
      team.memberStreams,
      team.resetLinks,
      team.throttle,
      team.store.asEventStore(),
    ),
    complete: new CompletePasswordResetHandler(
      team.resetLinks,
      team.memberStreams,
      team.credentials,
      team.sessionRows,
      team.hasher,
      team.throttle,
    ),
  };
}

describe('password reset handlers', () => {
  describe('RequestPasswordReset', () => {
    it('should record a link for an active member, valid for half an hour, that opens the reset', async () => {
      const { team, request, complete } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      const asked = Date.now();

      await request.execute(new RequestPasswordResetCommand(` ${maija.email.toUpperCase()} `, IP));

      const [requested, ...rest] = team.memberEvents(maija.id, 1);
      expect(rest).toEqual([]);
      expect(requested).toMatchObject({
        type: 'PasswordResetRequested',
        data: { memberId: maija.id, resetId: expect.any(String) },
      });
      const { resetId, expiresAt } = requested.data as { resetId: string; expiresAt: string };
      expect(Date.parse(expiresAt) - asked).toBeGreaterThanOrEqual(PASSWORD_RESET_TTL_MS);
      expect(Date.parse(expiresAt) - asked).toBeLessThan(PASSWORD_RESET_TTL_MS + 60_000);
      expect(team.store.eventsOf(authStream(maija.id))).toEqual([]);

      const token = team.resetLinks.tokenOf(resetId);
      await complete.execute(new CompletePasswordResetCommand(token, NEW_PASSWORD, IP));
      expect(team.memberEvents(maija.id, 2)).toEqual([
        { type: 'MemberPasswordChanged', data: { memberId: maija.id, how: 'link' } },
      ]);
    });

    it.each([
      ['an e-mail no member has', 'unknown_account', false],
      ['a deactivated member', 'inactive', true],
    ] as const)(
      'should send no link to %s and record why on the auth streams',
      async (_, reason, known) => {
        const { team, request } = await handlers();
        const maija = await team.given('salesperson', 'Maija', { active: false });
        const email = known ? maija.email : 'nobody@example.fi';

        await request.execute(new RequestPasswordResetCommand(email, IP));

        const stream = known ? authStream(maija.id) : UNKNOWN_ACCOUNT_STREAM;
        expect(team.store.eventsOf(stream)).toEqual([
          {
            type: 'PasswordResetRefused',
            data: {
              emailHash: team.throttle.emailHash(email),
              memberId: known ? maija.id : null,
              reason,
            },
          },
        ]);
        expect(team.memberEvents(maija.id, 2)).toEqual([]);
        expect(team.resets.size).toBe(0);
      },
    );

    it('should refuse the sixth request for one account from one client within the minute', async () => {
      const { team, request } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      const ask = () => request.execute(new RequestPasswordResetCommand(maija.email, IP));
      for (let i = 0; i < 5; i++) await ask();
      const refusal = await refusalOf(ask());
      expect(refusal.code).toBe('too_many_requests');
      expect(team.memberEvents(maija.id, 1)).toHaveLength(5);
    });
  });

  describe('CompletePasswordReset', () => {
    it("should set the member's password, end every session and use up each of their links", async () => {
      const { team, complete } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      const session = team.givenSession(maija.id);
      const [first, second] = [team.givenResetLink(maija.id), team.givenResetLink(maija.id)];

      await complete.execute(new CompletePasswordResetCommand(second, NEW_PASSWORD, IP));

      const { passwordHash, mustChangePassword } = team.passwords.get(maija.id)!;
      await expect(team.hasher.verify(passwordHash, NEW_PASSWORD)).resolves.toBe(true);
      expect(mustChangePassword).toBe(false);
      expect(team.sessions.get(session)!.ended).toBe('password_changed');
      expect(team.tries.get(`reset-complete:client:${IP}`)).toBe(0);
      for (const token of [first, second]) {
        const used = await refusalOf(
          complete.execute(new CompletePasswordResetCommand(token, NEW_PASSWORD, IP)),
        );
        expect([used.code, used.message]).toEqual([
          'gone',
          'This password reset link was already used. Ask for a new one.',
        ]);
      }
      expect(team.memberEvents(maija.id, 1)).toHaveLength(1);
    });

    it('should refuse a weak password and leave the link usable and the password as it was', async () => {
      const { team, complete } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      const token = team.givenResetLink(maija.id);

      const weak = await refusalOf(
        complete.execute(new CompletePasswordResetCommand(token, 'password1234', IP)),
      );
      expect(weak.message).toMatch(/^newPassword /);
      expect(team.memberEvents(maija.id, 1)).toEqual([]);
      const { passwordHash } = team.passwords.get(maija.id)!;
      await expect(team.hasher.verify(passwordHash, STAFF_PASSWORD)).resolves.toBe(true);

      await complete.execute(new CompletePasswordResetCommand(token, NEW_PASSWORD, IP));
      expect(team.memberEvents(maija.id, 1)).toHaveLength(1);
    });

    it('should refuse a link that ran out, and one nobody sent, counting each try', async () => {
      const { team, complete } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      const late = team.givenResetLink(maija.id, new Date(Date.now() - 1));
      const expired = await refusalOf(
        complete.execute(new CompletePasswordResetCommand(late, NEW_PASSWORD, IP)),
      );
      expect(expired.message).toBe('This password reset link has expired. Ask for a new one.');
      const made = team.resetLinks.tokenOf('a reset nobody asked for');
      const unknown = await refusalOf(
        complete.execute(new CompletePasswordResetCommand(made, NEW_PASSWORD, IP)),
      );
      expect(unknown.code).toBe('invalid');
      expect(team.memberEvents(maija.id, 1)).toEqual([]);
      expect(team.tries.get(`reset-complete:client:${IP}`)).toBe(2);
    });

    it('should refuse the link of a member deactivated since it was sent', async () => {
      const { team, complete } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      const session = team.givenSession(maija.id);
      const token = team.givenResetLink(maija.id);
      team.store.given(`member-${maija.id}`, [
        { type: 'MemberDeactivated', data: { memberId: maija.id } },
      ]);
      const refusal = await refusalOf(
        complete.execute(new CompletePasswordResetCommand(token, NEW_PASSWORD, IP)),
      );
      expect(refusal.code).toBe('forbidden');
      expect(team.memberEvents(maija.id, 2)).toEqual([]);
      expect(team.sessions.get(session)!.ended).toBeNull();
    });
  });
});
