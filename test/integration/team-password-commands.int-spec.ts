import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { AddMemberCommand } from '#src/modules/team/commands/add-member/add-member.command.js';
import { CompletePasswordResetCommand } from '#src/modules/team/commands/complete-password-reset/complete-password-reset.command.js';
import { LogInCommand } from '#src/modules/team/commands/log-in/log-in.command.js';
import { LogOutCommand } from '#src/modules/team/commands/log-out/log-out.command.js';
import { RequestPasswordResetCommand } from '#src/modules/team/commands/request-password-reset/request-password-reset.command.js';
import {
  RequestPasswordResetHandler,
  RESET_ANSWER_FLOOR_MS,
} from '#src/modules/team/commands/request-password-reset/request-password-reset.handler.js';
import { SetMemberActiveCommand } from '#src/modules/team/commands/set-member-active/set-member-active.command.js';
import { ResetPasswordCommand } from '#src/modules/team/commands/reset-password/reset-password.command.js';
import { LoginThrottle } from '#src/modules/team/auth/login-throttle.js';
import { PasswordResets } from '#src/modules/team/auth/password-resets.js';
import {
  ResetLinkExpiredError,
  ResetLinkUsedError,
} from '#src/modules/team/domain/member.errors.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { STAFF_PASSWORD } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

const NEW_PASSWORD = 'Kaapinovi-Kalvo-2026!';

/**
 * The team's password and session handlers through the command bus on a real database: reset
 * links, credentials and sessions are plain tables written in the team's lock, which an
 * in-memory event store cannot stand in for.
 */
describe('Team password and session handlers against PostgreSQL', () => {
  let bus: CommandBus;

  const testApp = useTestApp();

  beforeAll(async () => {
    bus = testApp.app.get(CommandBus);
  });

  const sql = <T extends object>(text: string, values: unknown[]) =>
    testApp.db.pool.query<T>(text, values).then((r) => r.rows);
  const addMember = async (firstName: string) => {
    const email = `${firstName}-${randomUUID()}@example.fi`;
    const { memberId } = await bus.execute(
      new AddMemberCommand({ firstName, lastName: 'Tester', email }, 'salesperson', STAFF_PASSWORD),
    );
    return { id: memberId as string, email };
  };
  const resetsOf = (memberId: string) =>
    sql<{ id: string }>('select id from password_resets where member_id = $1', [memberId]);
  /** The token of the member's one reset link, as the mail worker writes it into the e-mail. */
  const tokenOf = async (memberId: string) => {
    const [reset] = await resetsOf(memberId);
    const link = await testApp.app.get(PasswordResets).linkToSend(reset.id);
    return new URL(link!.url).searchParams.get('token')!;
  };
  const liveSessions = (memberId: string) =>
    sql<{ id: string }>(
      'select id from staff_sessions where member_id = $1 and ended_at is null order by id',
      [memberId],
    ).then((rows) => rows.map((r) => r.id));
  const signsIn = (email: string, password: string) =>
    bus.execute(new LogInCommand(email, password, `ip-${randomUUID()}`)).then(
      () => true,
      () => false,
    );
  const refusedResets = (emailHashOf: string) =>
    sql<{ data: { reason: string; memberId: string | null } }>(
      `select data from events where type = 'PasswordResetRefused' and data->>'emailHash' = $1`,
      [emailHashOf],
    );

  describe('RequestPasswordReset', () => {
    it('should store one link for an active member and none for an unknown e-mail', async () => {
      const member = await addMember('Riikka');
      const unknown = `nobody-${randomUUID()}@example.fi`;
      const before = await sql<{ n: number }>('select count(*)::int as n from password_resets', []);

      await expect(
        bus.execute(new RequestPasswordResetCommand(member.email.toUpperCase(), 'ip-a')),
      ).resolves.toBeUndefined();
      await expect(
        bus.execute(new RequestPasswordResetCommand(unknown, 'ip-b')),
      ).resolves.toBeUndefined();

      expect(await resetsOf(member.id)).toHaveLength(1);
      const after = await sql<{ n: number }>('select count(*)::int as n from password_resets', []);
      expect(after[0].n).toBe(before[0].n + 1);
      const refused = await refusedResets(testApp.app.get(LoginThrottle).emailHash(unknown));
      expect(refused.map((r) => r.data)).toEqual([
        expect.objectContaining({ reason: 'unknown_account', memberId: null }),
      ]);
    });

    it('should store no link for a deactivated member and record why', async () => {
      const member = await addMember('Saara');
      const { memberId: adminId } = await bus.execute(
        new AddMemberCommand(
          { firstName: 'Aada', lastName: 'Admin', email: `aada-${randomUUID()}@example.fi` },
          'admin',
          STAFF_PASSWORD,
        ),
      );
      const admin: Actor = { id: adminId as string, name: 'Aada Admin', role: 'admin' };
      await RequestContext.run({ requestId: randomUUID(), actor: admin }, () =>
        bus.execute(new SetMemberActiveCommand(member.id, false)),
      );

      await bus.execute(new RequestPasswordResetCommand(member.email, 'ip-e'));

      expect(await resetsOf(member.id)).toEqual([]);
      const refused = await refusedResets(
        testApp.app.get(LoginThrottle).emailHash(member.email.toLowerCase()),
      );
      expect(refused.map((r) => r.data)).toEqual([
        expect.objectContaining({ reason: 'inactive', memberId: member.id }),
      ]);
    });

    it('should take the same least time to answer an unknown e-mail as a member', async () => {
      const member = await addMember('Sini');
      const handler = testApp.app.get(RequestPasswordResetHandler);
      for (const email of [member.email, `nobody-${randomUUID()}@example.fi`]) {
        const started = performance.now();
        await handler.execute(new RequestPasswordResetCommand(email, `ip-${randomUUID()}`));
        expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS);
      }
    });
  });

  describe('CompletePasswordReset', () => {
    it('should change the password once, end every session, and refuse the link again', async () => {
      const member = await addMember('Sanna');
      await signsIn(member.email, STAFF_PASSWORD);
      expect(await liveSessions(member.id)).toHaveLength(1);
      await bus.execute(new RequestPasswordResetCommand(member.email, 'ip-c'));
      const token = await tokenOf(member.id);

      await bus.execute(new CompletePasswordResetCommand(token, NEW_PASSWORD, 'ip-c'));

      expect(await liveSessions(member.id)).toEqual([]);
      expect(await signsIn(member.email, NEW_PASSWORD)).toBe(true);
      await expect(
        bus.execute(new CompletePasswordResetCommand(token, `${NEW_PASSWORD}x`, 'ip-c')),
      ).rejects.toBeInstanceOf(ResetLinkUsedError);
      expect(await signsIn(member.email, NEW_PASSWORD)).toBe(true);
    });

    it('should refuse a link after its 30 minutes and keep the old password', async () => {
      const member = await addMember('Tiina');
      await bus.execute(new RequestPasswordResetCommand(member.email, 'ip-d'));
      const token = await tokenOf(member.id);
      await sql(
        `update password_resets set expires_at = now() - interval '1 second' where member_id = $1`,
        [member.id],
      );

      await expect(
        bus.execute(new CompletePasswordResetCommand(token, NEW_PASSWORD, 'ip-d')),
      ).rejects.toBeInstanceOf(ResetLinkExpiredError);
      expect(await signsIn(member.email, STAFF_PASSWORD)).toBe(true);
    });
  });

  describe('ResetPassword', () => {
    it("should give a one-time password that signs in and end the member's sessions", async () => {
      const member = await addMember('Ulla');
      await signsIn(member.email, STAFF_PASSWORD);

      const { oneTimePassword } = await bus.execute(new ResetPasswordCommand(member.id));

      expect(await liveSessions(member.id)).toEqual([]);
      expect(await signsIn(member.email, STAFF_PASSWORD)).toBe(false);
      expect(await signsIn(member.email, oneTimePassword)).toBe(true);
      const [credential] = await sql<{ must_change: boolean }>(
        'select must_change_password as must_change from staff_credentials where member_id = $1',
        [member.id],
      );
      expect(credential.must_change).toBe(true);
    });
  });

  describe('LogOut', () => {
    it('should end only the session it names', async () => {
      const member = await addMember('Vilja');
      await signsIn(member.email, STAFF_PASSWORD);
      await signsIn(member.email, STAFF_PASSWORD);
      const [first, second] = await liveSessions(member.id);

      await bus.execute(new LogOutCommand(member.id, first));

      expect(await liveSessions(member.id)).toEqual([second]);
      const [ended] = await sql<{ end_reason: string }>(
        'select end_reason from staff_sessions where id = $1',
        [first],
      );
      expect(ended.end_reason).toBe('logout');
    });
  });
});
