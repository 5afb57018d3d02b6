import { newTotpSecret } from '#src/modules/team/auth/totp.js';
import { authStream, TEAM_SECURITY_STREAM } from '#src/modules/team/domain/member.events.js';
import { refusalOf } from '#test/support/refusal.js';
import { InMemoryTeam } from '#test/support/in-memory-team.js';
import { totpCode } from '#test/support/second-factor.js';
import { STAFF_PASSWORD } from '#test/support/staff.js';
import { ChangePasswordCommand } from './change-password/change-password.command.js';
import { ChangePasswordHandler } from './change-password/change-password.handler.js';
import { CompleteSignInCommand } from './complete-sign-in/complete-sign-in.command.js';
import { CompleteSignInHandler } from './complete-sign-in/complete-sign-in.handler.js';
import { ConfirmSecondFactorCommand } from './confirm-second-factor/confirm-second-factor.command.js';
import { ConfirmSecondFactorHandler } from './confirm-second-factor/confirm-second-factor.handler.js';
import { DisableSecondFactorCommand } from './disable-second-factor/disable-second-factor.command.js';
import { DisableSecondFactorHandler } from './disable-second-factor/disable-second-factor.handler.js';
import { LogInCommand } from './log-in/log-in.command.js';
import { LogInHandler } from './log-in/log-in.handler.js';
import { SetSecondFactorRequirementCommand } from './set-second-factor-requirement/set-second-factor-requirement.command.js';
import { SetSecondFactorRequirementHandler } from './set-second-factor-requirement/set-second-factor-requirement.handler.js';
import { StartSecondFactorSetupCommand } from './start-second-factor-setup/start-second-factor-setup.command.js';
import { StartSecondFactorSetupHandler } from './start-second-factor-setup/start-second-factor-setup.handler.js';

const NEW_PASSWORD = 'uusi pitkä salasana keittiölle';

/** The team's password, sign-in and second-factor handlers, built as Nest builds them. */
async function handlers() {
  const team = await new InMemoryTeam().start();
  const store = team.store.asEventStore();
  return {
    team,
    changePassword: new ChangePasswordHandler(
      team.credentials,
      team.memberStreams,
      team.sessionRows,
      team.hasher,
      team.throttle,
    ),
    logIn: new LogInHandler(
      team.members,
      team.credentials,
      team.hasher,
      team.throttle,
      team.failures,
      team.secondFactors,
      team.challenges,
      team.sessionOpener,
    ),
    completeSignIn: new CompleteSignInHandler(
      team.challenges,
      team.members,
      team.throttle,
      team.failures,
      team.secondFactors,
      team.memberStreams,
      store,
      team.sessionOpener,
    ),
    startSetup: new StartSecondFactorSetupHandler(team.memberStreams, team.secondFactors),
    confirm: new ConfirmSecondFactorHandler(
      team.secondFactors,
      team.memberStreams,
      team.throttle,
      store,
    ),
    disable: new DisableSecondFactorHandler(
      team.credentials,
      team.hasher,
      team.throttle,
      team.secondFactors,
      team.policyRow,
      team.memberStreams,
    ),
    require: new SetSecondFactorRequirementHandler(team.memberStreams, team.policyRow, store),
  };
}

describe('team sign-in handlers', () => {
  describe('ChangePassword', () => {
    it("should record the change, keep the new hash and end the member's other sessions", async () => {
      const { team, changePassword } = await handlers();
      const pekka = await team.given('manager', 'Pekka');
      const [here, elsewhere] = [team.givenSession(pekka.id), team.givenSession(pekka.id)];

      await changePassword.execute(
        new ChangePasswordCommand(pekka.id, here, STAFF_PASSWORD, NEW_PASSWORD),
      );

      expect(team.memberEvents(pekka.id, 1)).toEqual([
        { type: 'MemberPasswordChanged', data: { memberId: pekka.id, how: 'self' } },
      ]);
      const { passwordHash } = team.passwords.get(pekka.id)!;
      await expect(team.hasher.verify(passwordHash, NEW_PASSWORD)).resolves.toBe(true);
      expect(team.sessions.get(here)!.ended).toBeNull();
      expect(team.sessions.get(elsewhere)!.ended).toBe('password_changed');
    });

    it('should refuse a wrong current password, append nothing and count the try', async () => {
      const { team, changePassword } = await handlers();
      const pekka = await team.given('manager', 'Pekka');
      const session = team.givenSession(pekka.id);
      const refusal = await refusalOf(
        changePassword.execute(
          new ChangePasswordCommand(pekka.id, session, 'not my password', NEW_PASSWORD),
        ),
      );
      expect(refusal.message).toBe('currentPassword is incorrect');
      expect(team.memberEvents(pekka.id, 1)).toEqual([]);
      expect(team.tries.get(`password-change:${pekka.id}`)).toBe(1);
      expect(team.sessions.get(session)!.ended).toBeNull();
    });

    it('should refuse the right password too once the wrong ones used up the minute', async () => {
      const { team, changePassword } = await handlers();
      const pekka = await team.given('manager', 'Pekka');
      const session = team.givenSession(pekka.id);
      const change = (current: string) =>
        changePassword.execute(new ChangePasswordCommand(pekka.id, session, current, NEW_PASSWORD));
      for (let i = 0; i < 5; i++) await refusalOf(change('guess'));
      expect((await refusalOf(change(STAFF_PASSWORD))).code).toBe('too_many_requests');
      expect(team.memberEvents(pekka.id, 1)).toEqual([]);
    });

    it('should refuse a weak or unchanged new password and append nothing', async () => {
      const { team, changePassword } = await handlers();
      const pekka = await team.given('manager', 'Pekka');
      const session = team.givenSession(pekka.id);
      const weak = await refusalOf(
        changePassword.execute(
          new ChangePasswordCommand(pekka.id, session, STAFF_PASSWORD, 'password1234'),
        ),
      );
      expect(weak.field ?? weak.message).toMatch(/^newPassword/);
      const same = await refusalOf(
        changePassword.execute(
          new ChangePasswordCommand(pekka.id, session, STAFF_PASSWORD, STAFF_PASSWORD),
        ),
      );
      expect(same.message).toBe('newPassword must differ from the current password');
      expect(team.memberEvents(pekka.id, 1)).toEqual([]);
      expect(team.tries.get(`password-change:${pekka.id}`)).toBe(0);
    });
  });

  describe('LogIn', () => {
    it('should open a session and record it on the auth stream, whatever the case of the e-mail', async () => {
      const { team, logIn } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      const answer = await logIn.execute(
        new LogInCommand(' MAIJA@example.fi ', STAFF_PASSWORD, 'ip'),
      );

      expect(answer).toMatchObject({ success: true, user: { id: maija.id, secondFactor: false } });
      const [loggedIn] = team.store.eventsOf(authStream(maija.id));
      expect(loggedIn.type).toBe('MemberLoggedIn');
      const { sessionId } = loggedIn.data as { sessionId: string };
      expect(team.sessions.get(sessionId)).toEqual({ memberId: maija.id, ended: null });
    });

    it.each([
      ['a wrong password', 'wrong_password', { password: 'arvaus' }],
      ['a deactivated member', 'inactive', { active: false }],
    ] as const)(
      'should refuse %s as invalid credentials and record why',
      async (_, reason, how) => {
        const { team, logIn } = await handlers();
        const maija = await team.given('salesperson', 'Maija', 'active' in how ? how : {});
        const password = 'password' in how ? how.password : STAFF_PASSWORD;
        const refusal = await refusalOf(
          logIn.execute(new LogInCommand(maija.email, password, 'ip')),
        );

        expect([refusal.code, refusal.message]).toEqual(['unauthorized', 'Invalid credentials']);
        expect(team.store.eventsOf(authStream(maija.id))).toEqual([
          {
            type: 'LoginFailed',
            data: { emailHash: team.throttle.emailHash(maija.email), memberId: maija.id, reason },
          },
        ]);
        expect(team.sessions.size).toBe(0);
      },
    );

    it('should record a try at an unknown e-mail with no member', async () => {
      const { team, logIn } = await handlers();
      const refusal = await refusalOf(
        logIn.execute(new LogInCommand('nobody@example.fi', STAFF_PASSWORD, 'ip')),
      );
      expect(refusal.code).toBe('unauthorized');
      expect(team.store.eventsOf('auth-unknown')).toEqual([
        {
          type: 'LoginFailed',
          data: {
            emailHash: team.throttle.emailHash('nobody@example.fi'),
            memberId: null,
            reason: 'unknown_account',
          },
        },
      ]);
    });

    it('should ask for the second step, opening no session, when the member has one', async () => {
      const { team, logIn } = await handlers();
      const maija = await team.given('salesperson', 'Maija');
      team.givenSecondFactor(maija.id, newTotpSecret());
      const answer = await logIn.execute(new LogInCommand(maija.email, STAFF_PASSWORD, 'ip'));

      expect(answer).toMatchObject({ secondFactorRequired: true, challenge: expect.any(String) });
      expect(team.store.eventsOf(authStream(maija.id))).toEqual([]);
      expect(team.sessions.size).toBe(0);
    });
  });

  describe('LogIn then CompleteSignIn', () => {
    async function halfSignedIn() {
      const built = await handlers();
      const member = await built.team.given('admin', 'Kaisa');
      const secret = newTotpSecret();
      built.team.givenSecondFactor(member.id, secret, ['abcde-fghjk', 'mnpqr-stuvw']);
      const answer = await built.logIn.execute(
        new LogInCommand(member.email, STAFF_PASSWORD, 'ip'),
      );
      const { challenge } = answer as { challenge: string };
      const complete = (proof: { code: string } | { recoveryCode: string }) =>
        built.completeSignIn.execute(new CompleteSignInCommand(challenge, proof, 'ip'));
      return { ...built, member, secret, complete };
    }

    it("should open the session on the authenticator's code, and take that code only once", async () => {
      const { team, member, secret, complete } = await halfSignedIn();
      const code = totpCode(secret);
      await expect(complete({ code })).resolves.toMatchObject({ success: true });
      expect(team.store.eventsOf(authStream(member.id)).map((e) => e.type)).toEqual([
        'MemberLoggedIn',
      ]);

      expect((await refusalOf(complete({ code }))).message).toBe('Invalid code');
      expect(team.store.eventsOf(authStream(member.id), 1)).toEqual([
        expect.objectContaining({
          type: 'LoginFailed',
          data: expect.objectContaining({ reason: 'wrong_code' }),
        }),
      ]);
      expect(team.sessions.size).toBe(1);
    });

    it('should use up a recovery code, recording how many remain', async () => {
      const { team, member, complete } = await halfSignedIn();
      await complete({ recoveryCode: ' ABCDE-FGHJK ' });
      expect(team.memberEvents(member.id, 2)).toEqual([
        { type: 'RecoveryCodeUsed', data: { memberId: member.id, remaining: 1 } },
      ]);

      expect((await refusalOf(complete({ recoveryCode: 'abcde-fghjk' }))).code).toBe(
        'unauthorized',
      );
      expect(team.memberEvents(member.id, 3)).toEqual([]);
    });

    it('should refuse the second step of a member deactivated after the first', async () => {
      const { team, member, secret, complete } = await halfSignedIn();
      team.store.given(`member-${member.id}`, [
        { type: 'MemberDeactivated', data: { memberId: member.id } },
      ]);
      const refusal = await refusalOf(complete({ code: totpCode(secret) }));
      expect(refusal.message).toBe('This sign-in has expired. Sign in again.');
      expect(team.sessions.size).toBe(0);
    });

    it('should refuse a challenge it did not issue', async () => {
      const { completeSignIn } = await halfSignedIn();
      const refusal = await refusalOf(
        completeSignIn.execute(new CompleteSignInCommand('a.b.c', { code: '123456' }, 'ip')),
      );
      expect(refusal.code).toBe('unauthorized');
    });
  });

  describe('StartSecondFactorSetup then ConfirmSecondFactor', () => {
    it('should turn two-step sign-in on with the first code and answer ten recovery codes', async () => {
      const { team, startSetup, confirm } = await handlers();
      const olli = await team.given('salesperson', 'Olli');
      const { secret, otpauthUri } = await startSetup.execute(
        new StartSecondFactorSetupCommand(olli.id),
      );
      expect(otpauthUri).toContain(encodeURIComponent(olli.email));
      expect(team.memberEvents(olli.id, 1)).toEqual([]);

      const { recoveryCodes } = await confirm.execute(
        new ConfirmSecondFactorCommand(olli.id, totpCode(secret)),
      );
      expect(recoveryCodes).toHaveLength(10);
      expect(team.memberEvents(olli.id, 1)).toEqual([
        { type: 'SecondFactorEnabled', data: { memberId: olli.id } },
      ]);
      expect(team.factors.get(olli.id)!.confirmed).toBe(true);
    });

    it('should refuse a wrong code and leave the factor off', async () => {
      const { team, startSetup, confirm } = await handlers();
      const olli = await team.given('salesperson', 'Olli');
      await startSetup.execute(new StartSecondFactorSetupCommand(olli.id));
      const refusal = await refusalOf(
        confirm.execute(new ConfirmSecondFactorCommand(olli.id, '000000')),
      );
      expect(refusal.code).toBe('invalid');
      expect(team.memberEvents(olli.id, 1)).toEqual([]);
      expect(team.factors.get(olli.id)!.confirmed).toBe(false);
    });

    it('should refuse a code before any setup, and a setup of a factor already on', async () => {
      const { team, startSetup, confirm } = await handlers();
      const olli = await team.given('salesperson', 'Olli');
      const early = await refusalOf(
        confirm.execute(new ConfirmSecondFactorCommand(olli.id, '123456')),
      );
      expect(early.message).toBe('Start setting up two-step sign-in first');
      team.givenSecondFactor(olli.id, newTotpSecret());
      const again = await refusalOf(startSetup.execute(new StartSecondFactorSetupCommand(olli.id)));
      expect(again.message).toBe('Two-step sign-in is already on');
    });
  });

  describe('DisableSecondFactor', () => {
    async function withFactor(role: 'admin' | 'manager') {
      const built = await handlers();
      const member = await built.team.given(role, 'Ville');
      const secret = newTotpSecret();
      built.team.givenSecondFactor(member.id, secret);
      return { ...built, member, secret };
    }

    it('should turn it off given the password and a code, and forget the secret', async () => {
      const { team, disable, member, secret } = await withFactor('manager');
      await disable.execute(
        new DisableSecondFactorCommand(member.id, STAFF_PASSWORD, totpCode(secret)),
      );
      expect(team.memberEvents(member.id, 2)).toEqual([
        { type: 'SecondFactorDisabled', data: { memberId: member.id } },
      ]);
      expect(team.factors.has(member.id)).toBe(false);
    });

    it('should refuse a wrong password or code and keep the factor', async () => {
      const { team, disable, member, secret } = await withFactor('manager');
      const wrongPassword = await refusalOf(
        disable.execute(new DisableSecondFactorCommand(member.id, 'arvaus', totpCode(secret))),
      );
      expect(wrongPassword.message).toBe('password is incorrect');
      const wrongCode = await refusalOf(
        disable.execute(new DisableSecondFactorCommand(member.id, STAFF_PASSWORD, '000000')),
      );
      expect(wrongCode.code).toBe('invalid');
      expect(team.memberEvents(member.id, 2)).toEqual([]);
      expect(team.factors.has(member.id)).toBe(true);
    });

    it('should refuse an admin while the team requires it of admins, and keep the factor', async () => {
      const { team, disable, member, secret } = await withFactor('admin');
      team.policy = { secondFactorRequiredForAdmins: true };
      const refusal = await refusalOf(
        disable.execute(
          new DisableSecondFactorCommand(member.id, STAFF_PASSWORD, totpCode(secret)),
        ),
      );
      expect(refusal.message).toBe('The team requires two-step sign-in for admins');
      expect(team.memberEvents(member.id, 2)).toEqual([]);
      expect(team.factors.has(member.id)).toBe(true);
    });
  });

  describe('SetSecondFactorRequirement', () => {
    it('should record the policy change of an admin who has a factor and keep it as the policy', async () => {
      const { team, require } = await handlers();
      const anna = await team.given('admin', 'Anna');
      team.givenSecondFactor(anna.id, newTotpSecret());
      await expect(
        require.execute(new SetSecondFactorRequirementCommand(anna.id, true)),
      ).resolves.toEqual({ secondFactorRequiredForAdmins: true });
      expect(team.store.eventsOf(TEAM_SECURITY_STREAM)).toEqual([
        { type: 'SecondFactorPolicyChanged', data: { requiredForAdmins: true } },
      ]);
      expect(team.policy).toEqual({ secondFactorRequiredForAdmins: true });

      await require.execute(new SetSecondFactorRequirementCommand(anna.id, true));
      expect(team.store.eventsOf(TEAM_SECURITY_STREAM, 1)).toEqual([]);
    });

    it('should refuse an admin without a factor of their own and leave the policy', async () => {
      const { team, require } = await handlers();
      const anna = await team.given('admin', 'Anna');
      const refusal = await refusalOf(
        require.execute(new SetSecondFactorRequirementCommand(anna.id, true)),
      );
      expect(refusal.code).toBe('conflict');
      expect(team.store.eventsOf(TEAM_SECURITY_STREAM)).toEqual([]);
      expect(team.policy).toEqual({ secondFactorRequiredForAdmins: false });
    });
  });
});
