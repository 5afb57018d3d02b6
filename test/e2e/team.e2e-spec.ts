import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeMemberCommand } from '#src/modules/team/commands/change-member/change-member.command.js';
import { LastAdminError } from '#src/modules/team/domain/member.errors.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { FirstAdminSeeder } from '#src/modules/team/seed/first-admin.seeder.js';
import { loadConfig } from '#src/config/app-config.js';
import { createApp } from '#src/bootstrap.js';
import { TeamMembersProjection } from '#src/modules/team/projections/team-members.projection.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { errorText } from '../support/error-body.js';
import { createTestDatabase } from '../support/test-database.js';
import { useTestApp } from '../support/app-fixture.js';
import { bearer, createMember, logIn, signInAs, type SignedInStaff } from '../support/staff.js';
import { startTestApp } from '../support/test-app.js';

describe('Team administration', () => {
  const testApp = useTestApp();
  const admin = testApp.signedIn('admin', { firstName: 'Anna', lastName: 'Admin' });

  const activeAdminIds = async () => {
    const list = await testApp.api.get('/api/admin/users').set(bearer(admin.token)).expect(200);
    return (list.body as { id: string; role: string; isActive: boolean }[])
      .filter((m) => m.role === 'admin' && m.isActive)
      .map((m) => m.id);
  };

  describe('GET /api/admin/users', () => {
    it('should list members with role, status and last login', async () => {
      const fresh = await createMember(testApp, 'manager', { firstName: 'Matti' });
      const response = await testApp.api
        .get('/api/admin/users')
        .set(bearer(admin.token))
        .expect(200);
      const byId = new Map(response.body.map((m: { id: string }) => [m.id, m]));
      expect(byId.get(admin.member.id)).toMatchObject({
        firstName: 'Anna',
        lastName: 'Admin',
        email: admin.member.email,
        role: 'admin',
        isActive: true,
        lastLogin: expect.any(String),
      });
      expect(byId.get(fresh.id)).toMatchObject({ firstName: 'Matti', lastLogin: null });
      expect(JSON.stringify(response.body)).not.toMatch(/argon2|password/i);
    });

    it('should include the admin seeded at start-up', async () => {
      const response = await testApp.api
        .get('/api/admin/users')
        .set(bearer(admin.token))
        .expect(200);
      expect(response.body).toContainEqual(
        expect.objectContaining({ email: 'admin@keittiokalvo.fi', role: 'admin' }),
      );
    });
  });

  describe('POST /api/admin/users', () => {
    it('should add a salesperson by default with a one-time password', async () => {
      const response = await testApp.api
        .post('/api/admin/users')
        .set(bearer(admin.token))
        .send({ firstName: ' Liisa ', lastName: 'Lehtonen', email: 'Liisa@Example.fi' })
        .expect(201);
      expect(response.body.user).toMatchObject({
        firstName: 'Liisa',
        email: 'liisa@example.fi',
        role: 'salesperson',
        isActive: true,
      });
      expect(response.body.oneTimePassword).toMatch(/^[A-Za-z2-9]{16}$/);
      const { rows } = await testApp.db.pool.query(
        `select type, data, metadata from events where stream_id = $1`,
        [`member-${response.body.user.id}`],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].type).toBe('MemberAdded');
      expect(rows[0].data.role).toBe('salesperson');
      expect(rows[0].data.$personal.subject).toBe(`member:${response.body.user.id}`);
      expect(JSON.stringify(rows[0].data)).not.toContain('liisa');
      expect(rows[0].metadata).toMatchObject({ actorId: admin.member.id, actorRole: 'admin' });
    });

    it('should refuse a duplicate e-mail with 409 and bad input with 400', async () => {
      await testApp.api
        .post('/api/admin/users')
        .set(bearer(admin.token))
        .send({ firstName: 'A', lastName: 'B', email: admin.member.email.toUpperCase() })
        .expect(409, errorText(409, 'Conflict', 'Another team member already uses this email'));
      const bad = await testApp.api
        .post('/api/admin/users')
        .set(bearer(admin.token))
        .send({ firstName: '', lastName: 'B', email: 'x@example.fi', role: 'owner' })
        .expect(400);
      expect(bad.body.message).toMatch(/firstName/);
      expect(bad.body.message).toMatch(/role must be one of/);
    });
  });

  describe('PATCH /api/admin/users/:id', () => {
    it('should change name, e-mail and role as separate events', async () => {
      const member = await createMember(testApp, 'salesperson');
      const response = await testApp.api
        .patch(`/api/admin/users/${member.id}`)
        .set(bearer(admin.token))
        .send({ firstName: 'Uusi', lastName: 'Nimi', email: member.email, role: 'manager' })
        .expect(200);
      expect(response.body.user).toMatchObject({ firstName: 'Uusi', role: 'manager' });
      const { rows } = await testApp.db.pool.query(
        `select type, data from events where stream_id = $1 order by stream_version`,
        [`member-${member.id}`],
      );
      expect(rows.map((r) => r.type)).toEqual([
        'MemberAdded',
        'MemberProfileChanged',
        'MemberRoleChanged',
      ]);
      expect(rows[2].data).toEqual({
        memberId: member.id,
        role: 'manager',
        previousRole: 'salesperson',
      });
    });

    it('should apply a new role to the member’s open session at once', async () => {
      const { token, member } = await signInAs(testApp, 'salesperson');
      await testApp.api.get('/api/admin/users').set(bearer(token)).expect(403);
      await testApp.api
        .patch(`/api/admin/users/${member.id}`)
        .set(bearer(admin.token))
        .send({ ...member, role: 'admin', id: undefined })
        .expect(200);
      await testApp.api.get('/api/admin/users').set(bearer(token)).expect(200);
    });

    it('should refuse an edit based on an outdated version with 409', async () => {
      const member = await createMember(testApp, 'salesperson');
      const edit = { firstName: 'X', lastName: 'Y', email: member.email, role: 'salesperson' };
      await testApp.api
        .patch(`/api/admin/users/${member.id}`)
        .set(bearer(admin.token))
        .send({ ...edit, version: 1 })
        .expect(200);
      await testApp.api
        .patch(`/api/admin/users/${member.id}`)
        .set(bearer(admin.token))
        .send({ ...edit, firstName: 'Z', version: 1 })
        .expect(409);
    });

    it('should refuse an admin removing their own admin role', async () => {
      const self = admin.member;
      const response = await testApp.api
        .patch(`/api/admin/users/${self.id}`)
        .set(bearer(admin.token))
        .send({ firstName: 'Anna', lastName: 'Admin', email: self.email, role: 'manager' })
        .expect(403);
      expect(response.text).toBe(
        errorText(403, 'Forbidden', 'You cannot remove your own admin role or deactivate yourself'),
      );
    });

    it('should answer 404 for an unknown member and 400 for a malformed id', async () => {
      const body = { firstName: 'A', lastName: 'B', email: 'a@example.fi', role: 'manager' };
      await testApp.api
        .patch('/api/admin/users/00000000-0000-4000-8000-000000000000')
        .set(bearer(admin.token))
        .send(body)
        .expect(404, errorText(404, 'Not Found', 'Team member not found'));
      const bad = await testApp.api
        .patch('/api/admin/users/not-a-uuid')
        .set(bearer(admin.token))
        .send(body)
        .expect(400);
      expect(bad.body.message).toMatch(/id must be a UUID/);
    });
  });

  describe('deactivate and reactivate', () => {
    it('should refuse deactivating oneself', async () => {
      await testApp.api
        .post(`/api/admin/users/${admin.member.id}/deactivate`)
        .set(bearer(admin.token))
        .expect(403);
    });

    it('should keep one admin when the last two demote each other at the same moment', async () => {
      const first = await signInAs(testApp, 'admin');
      const second = await signInAs(testApp, 'admin');
      // Leave exactly these two active admins; ours is demoted (its session lives on).
      for (const id of await activeAdminIds()) {
        if (id === admin.member.id) {
          await testApp.api
            .patch(`/api/admin/users/${id}`)
            .set(bearer(first.token))
            .send({ ...admin.member, id: undefined, role: 'manager' })
            .expect(200);
        } else if (id !== first.member.id && id !== second.member.id) {
          await testApp.api
            .post(`/api/admin/users/${id}/deactivate`)
            .set(bearer(first.token))
            .expect(200);
        }
      }
      const demote = (actor: SignedInStaff, target: SignedInStaff) =>
        testApp.api
          .patch(`/api/admin/users/${target.member.id}`)
          .set(bearer(actor.token))
          .send({ ...target.member, id: undefined, role: 'manager' });
      const answers = await Promise.all([demote(first, second), demote(second, first)]);
      // The loser is refused either by the guard (already demoted) or, when both passed the
      // guard together, by the last-admin rule under the team lock.
      expect(answers.map((a) => `${a.status} ${a.body.message ?? ''}`).sort()).toEqual([
        '200 ',
        expect.stringMatching(/^(403 Your role may not do this|409 .*last active admin)/),
      ]);
      const survivor = answers[0].status === 200 ? first : second;
      const list = await testApp.api
        .get('/api/admin/users')
        .set(bearer(survivor.token))
        .expect(200);
      const admins = list.body.filter(
        (m: { role: string; isActive: boolean }) => m.role === 'admin' && m.isActive,
      );
      expect(admins).toHaveLength(1);
      // Give our main admin back its rights for the remaining tests.
      await testApp.api
        .patch(`/api/admin/users/${admin.member.id}`)
        .set(bearer(survivor.token))
        .send({ ...admin.member, id: undefined, role: 'admin' })
        .expect(200);
    });

    it('should let only one of two simultaneous demotions of the last two admins through', async () => {
      const first = await createMember(testApp, 'admin');
      const second = await createMember(testApp, 'admin');
      const demoteAs = (actor: typeof first, target: typeof first) =>
        RequestContext.run(
          { requestId: randomUUID(), actor: { id: actor.id, name: 'x', role: 'admin' } },
          () =>
            testApp.app
              .get(CommandBus)
              .execute(new ChangeMemberCommand(target.id, { role: 'manager' })),
        );
      // Every other admin is a manager for this moment, so these two are the last ones.
      const others = (await activeAdminIds()).filter((id) => id !== first.id && id !== second.id);
      await testApp.db.pool.query(`update team_members set role = 'manager' where id = any($1)`, [
        others,
      ]);
      try {
        const results = await Promise.allSettled([
          demoteAs(first, second),
          demoteAs(second, first),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(rejected.reason).toBeInstanceOf(LastAdminError);
      } finally {
        await testApp.db.pool.query(`update team_members set role = 'admin' where id = any($1)`, [
          others,
        ]);
      }
    });

    it('should record deactivation and reactivation with the acting admin', async () => {
      const member = await createMember(testApp, 'manager');
      await testApp.api
        .post(`/api/admin/users/${member.id}/deactivate`)
        .set(bearer(admin.token))
        .expect(200);
      const list = await testApp.api
        .get(`/api/admin/users/${member.id}`)
        .set(bearer(admin.token))
        .expect(200);
      expect(list.body.isActive).toBe(false);
      await testApp.api
        .post(`/api/admin/users/${member.id}/reactivate`)
        .set(bearer(admin.token))
        .expect(200);
      const { rows } = await testApp.db.pool.query(
        `select type, metadata->>'actorId' as actor from events where stream_id = $1 order by stream_version`,
        [`member-${member.id}`],
      );
      expect(rows).toEqual([
        { type: 'MemberAdded', actor: null },
        { type: 'MemberDeactivated', actor: admin.member.id },
        { type: 'MemberReactivated', actor: admin.member.id },
      ]);
    });
  });

  describe(TeamMembersProjection.name, () => {
    it('should rebuild from the event log into the same team list', async () => {
      const before = await testApp.api.get('/api/admin/users').set(bearer(admin.token)).expect(200);
      await testApp.app.get(ProjectionManager).rebuild('team_members');
      const after = await testApp.api.get('/api/admin/users').set(bearer(admin.token)).expect(200);
      expect(after.body).toEqual(before.body);
      expect(after.body.length).toBeGreaterThan(5);
    });
  });

  describe('POST /api/admin/users/:id/reset-password', () => {
    it('should issue a new one-time password and end the member’s sessions', async () => {
      const { token, member } = await signInAs(testApp, 'salesperson');
      const response = await testApp.api
        .post(`/api/admin/users/${member.id}/reset-password`)
        .set(bearer(admin.token))
        .expect(200);
      await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(401);
      const login = await logIn(testApp, member.email, response.body.oneTimePassword);
      expect(login.user.mustChangePassword).toBe(true);
    });
  });
});

describe(FirstAdminSeeder.name, () => {
  it('should create the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, once', async () => {
    const env = { ADMIN_EMAIL: 'Boss@Example.fi', ADMIN_PASSWORD: 'the very first passphrase' };
    const testApp = await startTestApp(env);
    try {
      const login = await logIn(testApp, 'boss@example.fi', env.ADMIN_PASSWORD);
      expect(login.user).toMatchObject({ role: 'admin', mustChangePassword: false });
      // A second start on the same database finds the admin and adds nobody.
      const again = await createApp({
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: testApp.dataDir,
          APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
          ...env,
        }),
        databaseUrl: testApp.db.url,
        runProjections: false,
      });
      await again.init();
      await again.close();
      const { rows } = await testApp.db.pool.query(`select count(*)::int as n from team_members`);
      expect(rows[0].n).toBe(1);
    } finally {
      await testApp.close();
    }
  });

  it('should otherwise generate a one-time password that must be changed', async () => {
    const testApp = await startTestApp();
    try {
      const { rows } = await testApp.db.pool.query(
        `select m.email, m.role, c.must_change_password
         from team_members m join staff_credentials c on c.member_id = m.id`,
      );
      expect(rows).toEqual([
        { email: 'admin@keittiokalvo.fi', role: 'admin', must_change_password: true },
      ]);
    } finally {
      await testApp.close();
    }
  });

  it.each([
    ['a common password', 'password1234', 'is one of the most commonly used passwords'],
    ['one holding the e-mail', 'boss@example.fi is me', 'must not contain your e-mail address'],
  ])(
    'should refuse to start with %s as ADMIN_PASSWORD, naming the variable',
    async (_, password, reason) => {
      const db = await createTestDatabase();
      const app = await createApp({
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'kk-test-data-')),
          APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
          ADMIN_EMAIL: 'boss@example.fi',
          ADMIN_PASSWORD: password,
        }),
        databaseUrl: db.url,
        runProjections: false,
      });
      try {
        await expect(app.init()).rejects.toThrow(`ADMIN_PASSWORD ${reason}`);
        const { rows } = await db.pool.query(`select count(*)::int as n from team_members`);
        expect(rows[0].n).toBe(0);
      } finally {
        await app.close();
        await db.drop();
      }
    },
  );
});
