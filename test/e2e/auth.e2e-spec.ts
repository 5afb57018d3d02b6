import { JwtService } from '@nestjs/jwt';
import { APP_SECRETS, type AppSecrets } from '#src/config/config.module.js';
import {
  CLIENT_LOGIN_ATTEMPTS_PER_MINUTE,
  LOGIN_ATTEMPTS_PER_MINUTE,
} from '#src/modules/team/auth/login-throttle.js';
import { useTestApp } from '../support/app-fixture.js';
import { bearer, createMember, logIn, signInAs, STAFF_PASSWORD } from '../support/staff.js';

let nextClient = 1;
/** A client address of its own, so one test's failed logins never throttle another's. */
const freshClient = () => ({ 'X-Forwarded-For': `203.0.113.${nextClient++}` });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const claimsOf = (token: string) => {
  const { sub, sid } = payloadOf(token);
  return { sub, sid };
};

describe('Staff authentication', () => {
  const testApp = useTestApp({ env: { TRUST_PROXY_HOPS: '1' } });

  /** A member an admin has deactivated: their right password must answer like a wrong one. */
  async function deactivatedMember() {
    const admin = await signInAs(testApp, 'admin');
    const member = await createMember(testApp, 'salesperson');
    await testApp.api
      .post(`/api/admin/users/${member.id}/deactivate`)
      .set(bearer(admin.token))
      .expect(200);
    return member;
  }

  describe('POST /api/auth/login', () => {
    it('should answer success, a token and the user for the right password', async () => {
      const member = await createMember(testApp, 'manager', { firstName: 'Maija' });
      const response = await testApp.api
        .post('/api/auth/login')
        .send({ email: `  ${member.email.toUpperCase()} `, password: STAFF_PASSWORD })
        .expect(200);
      expect(response.body).toEqual({
        success: true,
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        user: {
          id: member.id,
          firstName: 'Maija',
          lastName: member.lastName,
          email: member.email,
          role: 'manager',
          mustChangePassword: false,
          secondFactor: false,
          mustSetUpSecondFactor: false,
        },
      });
      const header = JSON.parse(
        Buffer.from(response.body.token.split('.')[0], 'base64url').toString(),
      );
      expect(header.alg).toBe('HS256');
    });

    it('should give the same answer for a wrong password, an unknown e-mail and an inactive account', async () => {
      const member = await createMember(testApp, 'salesperson');
      const inactive = await deactivatedMember();
      const wrong = await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: member.email, password: 'not the password at all' })
        .expect(401);
      const unknown = await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: 'nobody-here@example.fi', password: 'not the password at all' })
        .expect(401);
      const deactivated = await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: inactive.email, password: STAFF_PASSWORD })
        .expect(401);
      expect(wrong.body).toEqual({
        statusCode: 401,
        error: 'Invalid credentials',
        message: 'Invalid credentials',
      });
      expect(unknown.body).toEqual(wrong.body);
      expect(deactivated.body).toEqual(wrong.body);
    });

    it('should spend comparable time on an unknown e-mail, a wrong password and an inactive account', async () => {
      const member = await createMember(testApp, 'salesperson');
      const inactive = await deactivatedMember();
      const timeOf = async (email: string, password = 'a wrong password') => {
        const started = performance.now();
        await testApp.api
          .post('/api/auth/login')
          .set(freshClient())
          .send({ email, password })
          .expect(401);
        return performance.now() - started;
      };
      const median = (values: number[]) => values.sort((a, b) => a - b)[2];
      // Interleaved, so a burst of load on the machine hits every kind alike.
      const wrongTimes: number[] = [];
      const unknownTimes: number[] = [];
      const inactiveTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        wrongTimes.push(await timeOf(member.email));
        unknownTimes.push(await timeOf(`ghost-${i}@example.fi`));
        inactiveTimes.push(await timeOf(inactive.email, STAFF_PASSWORD));
      }
      const wrong = median(wrongTimes);
      // An unknown account must still pay for an argon2 verification (tens of milliseconds).
      for (const other of [median(unknownTimes), median(inactiveTimes)]) {
        expect(other).toBeGreaterThan(wrong * 0.4);
        expect(other).toBeLessThan(wrong * 2.5);
      }
    });

    it('should refuse missing or malformed fields with 400 naming the field', async () => {
      const missing = await testApp.api
        .post('/api/auth/login')
        .send({ email: 'a@example.fi' })
        .expect(400);
      expect(missing.body.error).toMatch(/password/);
      const badEmail = await testApp.api
        .post('/api/auth/login')
        .send({ email: 'not-an-email', password: 'x' })
        .expect(400);
      expect(badEmail.body.error).toMatch(/email/);
      const extra = await testApp.api
        .post('/api/auth/login')
        .send({ email: 'a@example.fi', password: 'x', role: 'admin' })
        .expect(400);
      expect(extra.body.error).toMatch(/role/);
    });

    it('should refuse an over-long password before hashing it', async () => {
      const member = await createMember(testApp, 'salesperson');
      const tooLong = await testApp.api
        .post('/api/auth/login')
        .send({ email: member.email, password: 'x'.repeat(257) })
        .expect(400);
      expect(tooLong.body.error).toMatch(/password must be shorter than or equal to 256/);
      const huge = await testApp.api
        .post('/api/auth/login')
        .send({ email: member.email, password: 'x'.repeat(1024 * 1024) })
        .expect(400);
      expect(huge.body.error).toMatch(/password must be shorter than or equal to 256/);
    });

    it('should refuse a sixth failed try at one account from one client within a minute with 429', async () => {
      const member = await createMember(testApp, 'salesperson');
      const attacker = freshClient();
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) {
        await testApp.api
          .post('/api/auth/login')
          .set(attacker)
          .send({ email: member.email, password: `guess number ${i}` })
          .expect(401);
      }
      const blocked = await testApp.api
        .post('/api/auth/login')
        .set(attacker)
        .send({ email: member.email, password: STAFF_PASSWORD })
        .expect(429);
      expect(blocked.body.error).toMatch(/Too many login attempts/);
    });

    it('should let the owner sign in while guesses at their account from elsewhere are refused', async () => {
      const member = await createMember(testApp, 'salesperson');
      const attackers = Array.from({ length: 3 }, freshClient);
      for (const attacker of attackers) {
        for (let i = 0; i <= LOGIN_ATTEMPTS_PER_MINUTE; i++) {
          await testApp.api
            .post('/api/auth/login')
            .set(attacker)
            .send({ email: member.email, password: `guess number ${i}` })
            .expect(i < LOGIN_ATTEMPTS_PER_MINUTE ? 401 : 429);
        }
      }
      await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: member.email, password: STAFF_PASSWORD })
        .expect(200);
    });

    it('should let no more than five of a burst of parallel guesses from one client reach the password check', async () => {
      const member = await createMember(testApp, 'salesperson');
      const attacker = freshClient();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          testApp.api
            .post('/api/auth/login')
            .set(attacker)
            .send({ email: member.email, password: `parallel guess ${i}` }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(
        LOGIN_ATTEMPTS_PER_MINUTE,
      );
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    });

    it('should not count successful sign-ins against the limit', async () => {
      const member = await createMember(testApp, 'salesperson');
      const client = freshClient();
      for (let i = 0; i < 7; i++) {
        await testApp.api
          .post('/api/auth/login')
          .set(client)
          .send({ email: member.email, password: STAFF_PASSWORD })
          .expect(200);
      }
    });

    it('should refuse a client that has failed at many accounts within a minute with 429', async () => {
      const client = freshClient();
      for (let i = 0; i < CLIENT_LOGIN_ATTEMPTS_PER_MINUTE; i++) {
        await testApp.api
          .post('/api/auth/login')
          .set(client)
          .send({ email: `victim-${i}@example.fi`, password: 'guess' })
          .expect(401);
      }
      const member = await createMember(testApp, 'salesperson');
      await testApp.api
        .post('/api/auth/login')
        .set(client)
        .send({ email: member.email, password: STAFF_PASSWORD })
        .expect(429);
      // Another client is not affected.
      await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: member.email, password: STAFF_PASSWORD })
        .expect(200);
    });

    it('should record sign-ins and failures as events without the e-mail in plain text', async () => {
      const member = await createMember(testApp, 'salesperson');
      await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: member.email, password: 'definitely wrong' })
        .expect(401);
      await logIn(testApp, member.email);
      const { rows } = await testApp.db.pool.query<{ type: string; data: object }>(
        `select type, data from events where stream_id = $1 order by stream_version`,
        [`auth-${member.id}`],
      );
      expect(rows.map((r) => r.type)).toEqual(['LoginFailed', 'MemberLoggedIn']);
      expect(rows[0].data).toMatchObject({ reason: 'wrong_password', memberId: member.id });
      const everything = await testApp.db.pool.query<{ text: string }>(
        `select string_agg(data::text || metadata::text, ' ') as text from events`,
      );
      expect(everything.rows[0].text).not.toContain(member.email);
      expect(everything.rows[0].text).not.toContain(STAFF_PASSWORD);
      expect(everything.rows[0].text).not.toMatch(/argon2id/);
    });
  });

  describe('GET /api/auth/verify', () => {
    it('should answer the signed-in user', async () => {
      const { token, member } = await signInAs(testApp, 'salesperson', { firstName: 'Sami' });
      const response = await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(200);
      expect(response.body.user).toMatchObject({
        id: member.id,
        firstName: 'Sami',
        email: member.email,
        role: 'salesperson',
      });
    });

    it('should answer 401 without a token', async () => {
      await testApp.api.get('/api/auth/verify').expect(401);
    });

    describe('bad tokens', () => {
      let token: string;
      let secrets: AppSecrets;
      const sign = (
        payload: object,
        secret: Buffer | AppSecrets['jwtSecret'],
        options: object = {},
      ) => new JwtService({ secret }).sign(payload, { algorithm: 'HS256', ...options });

      beforeAll(async () => {
        token = (await signInAs(testApp, 'admin')).token;
        secrets = testApp.app.get<AppSecrets>(APP_SECRETS);
      });

      it('should accept the genuine token and one forged with the real key (controls)', async () => {
        await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(200);
        const forged = sign(claimsOf(token), secrets.jwtSecret, { expiresIn: 60 });
        await testApp.api.get('/api/auth/verify').set(bearer(forged)).expect(200);
      });

      it.each([
        ['alg none', () => `${base64url({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`],
        [
          'another key',
          () => sign(claimsOf(token), Buffer.from('another-key-another-key-another-key!')),
        ],
        [
          'a tampered payload',
          () => {
            const [header, , signature] = token.split('.');
            const claims = { ...payloadOf(token), sub: '00000000-0000-4000-8000-000000000000' };
            return `${header}.${base64url(claims)}.${signature}`;
          },
        ],
        [
          'an expired token',
          () => {
            const { sub, sid } = claimsOf(token);
            const past = Math.floor(Date.now() / 1000) - 60;
            return sign({ sub, sid, iat: past - 3600, exp: past }, secrets.jwtSecret);
          },
        ],
        [
          'a token not valid yet',
          () => sign(claimsOf(token), secrets.jwtSecret, { notBefore: 3600, expiresIn: 7200 }),
        ],
        [
          'another HMAC algorithm',
          () => sign(claimsOf(token), secrets.jwtSecret, { algorithm: 'HS512' }),
        ],
        ['garbage', () => 'not.a.token'],
      ])('should refuse %s with 401', async (_kind, forge) => {
        const response = await testApp.api.get('/api/auth/verify').set(bearer(forge())).expect(401);
        expect(response.body.statusCode).toBe(401);
      });
    });
  });

  describe('POST /api/auth/logout', () => {
    it('should end the session so the token is refused at once', async () => {
      const { token } = await signInAs(testApp, 'manager');
      await testApp.api.post('/api/auth/logout').set(bearer(token)).expect(200);
      await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(401);
    });

    it('should leave the member’s other sessions alone', async () => {
      const { token, member } = await signInAs(testApp, 'manager');
      const other = (await logIn(testApp, member.email)).token;
      await testApp.api.post('/api/auth/logout').set(bearer(token)).expect(200);
      await testApp.api.get('/api/auth/verify').set(bearer(other)).expect(200);
    });
  });

  describe('deactivation', () => {
    it('should end every session of the member on the next call', async () => {
      const admin = await signInAs(testApp, 'admin');
      const { token, member } = await signInAs(testApp, 'salesperson');
      await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(200);
      await testApp.api
        .post(`/api/admin/users/${member.id}/deactivate`)
        .set(bearer(admin.token))
        .expect(200);
      await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(401);
      await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: member.email, password: STAFF_PASSWORD })
        .expect(401);
      await testApp.api
        .post(`/api/admin/users/${member.id}/reactivate`)
        .set(bearer(admin.token))
        .expect(200);
      // Reactivation does not revive old sessions; signing in again works.
      await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(401);
      await logIn(testApp, member.email);
    });
  });

  describe('PUT /api/auth/password', () => {
    it('should end the member’s other sessions and keep the current one', async () => {
      const { token, member } = await signInAs(testApp, 'salesperson');
      const other = (await logIn(testApp, member.email)).token;
      const newPassword = 'a brand new passphrase';
      await testApp.api
        .put('/api/auth/password')
        .set(bearer(token))
        .send({ currentPassword: STAFF_PASSWORD, newPassword })
        .expect(200);
      await testApp.api.get('/api/auth/verify').set(bearer(other)).expect(401);
      await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(200);
      await testApp.api
        .post('/api/auth/login')
        .set(freshClient())
        .send({ email: member.email, password: STAFF_PASSWORD })
        .expect(401);
      await logIn(testApp, member.email, newPassword);
      const { rows } = await testApp.db.pool.query(
        `select data from events where stream_id = $1 and type = 'MemberPasswordChanged'`,
        [`member-${member.id}`],
      );
      expect(rows).toEqual([{ data: { memberId: member.id, how: 'self' } }]);
    });

    it('should refuse a wrong current password and a short new one with 400', async () => {
      const { token } = await signInAs(testApp, 'salesperson');
      const wrong = await testApp.api
        .put('/api/auth/password')
        .set(bearer(token))
        .send({ currentPassword: 'not my password', newPassword: 'long enough password' })
        .expect(400);
      expect(wrong.body.message).toMatch(/currentPassword/);
      const short = await testApp.api
        .put('/api/auth/password')
        .set(bearer(token))
        .send({ currentPassword: STAFF_PASSWORD, newPassword: 'short' })
        .expect(400);
      expect(short.body.message).toMatch(/newPassword must be at least 12 characters/);
      await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(200);
    });
    it('should refuse common passwords and ones holding the e-mail with 400, keeping the old one', async () => {
      const { token, member } = await signInAs(testApp, 'salesperson', {
        email: 'Kalle.Kalvo@example.fi',
      });
      for (const [newPassword, message] of [
        ['password1234', 'newPassword is one of the most commonly used passwords; choose another'],
        ['Sunshine2026!', 'newPassword is one of the most commonly used passwords; choose another'],
        [
          'i am kalle.kalvo here',
          'newPassword must not contain your e-mail address or its name part',
        ],
        [
          'KALLE.KALVO@EXAMPLE.FI',
          'newPassword must not contain your e-mail address or its name part',
        ],
      ]) {
        const response = await testApp.api
          .put('/api/auth/password')
          .set(bearer(token))
          .send({ currentPassword: STAFF_PASSWORD, newPassword })
          .expect(400);
        expect(response.body.message).toBe(message);
      }
      await logIn(testApp, member.email, STAFF_PASSWORD);
    });

    it('should stop guessing the current password after five wrong tries a minute', async () => {
      const { token } = await signInAs(testApp, 'salesperson');
      for (let i = 0; i < 5; i++) {
        await testApp.api
          .put('/api/auth/password')
          .set(bearer(token))
          .send({ currentPassword: `guess ${i}`, newPassword: 'long enough password' })
          .expect(400);
      }
      await testApp.api
        .put('/api/auth/password')
        .set(bearer(token))
        .send({ currentPassword: STAFF_PASSWORD, newPassword: 'long enough password' })
        .expect(429);
    });
  });

  describe('PUT /api/auth/profile', () => {
    it('should save the member’s own name and e-mail', async () => {
      const { token, member } = await signInAs(testApp, 'salesperson');
      const response = await testApp.api
        .put('/api/auth/profile')
        .set(bearer(token))
        .send({ firstName: 'Uusi', lastName: 'Nimi', email: `Renamed-${member.email}` })
        .expect(200);
      expect(response.body.user).toMatchObject({
        firstName: 'Uusi',
        lastName: 'Nimi',
        email: `renamed-${member.email}`,
      });
      const verify = await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(200);
      expect(verify.body.user.firstName).toBe('Uusi');
    });

    it('should refuse an e-mail another member uses with 409', async () => {
      const { token } = await signInAs(testApp, 'salesperson');
      const other = await createMember(testApp, 'manager');
      await testApp.api
        .put('/api/auth/profile')
        .set(bearer(token))
        .send({ firstName: 'A', lastName: 'B', email: other.email })
        .expect(409);
    });
  });

  describe('one-time passwords', () => {
    it('should allow nothing but a password change until the member has set their own', async () => {
      const admin = await signInAs(testApp, 'admin');
      const added = await testApp.api
        .post('/api/admin/users')
        .set(bearer(admin.token))
        .send({ firstName: 'Uusi', lastName: 'Myyjä', email: 'uusi.myyja@example.fi' })
        .expect(201);
      expect(added.body.user.role).toBe('salesperson');
      const oneTime = added.body.oneTimePassword as string;
      expect(oneTime).toHaveLength(16);
      const login = await logIn(testApp, 'uusi.myyja@example.fi', oneTime);
      expect(login.user.mustChangePassword).toBe(true);
      await testApp.api.get('/api/auth/verify').set(bearer(login.token)).expect(200);
      const refused = await testApp.api
        .put('/api/auth/profile')
        .set(bearer(login.token))
        .send({ firstName: 'A', lastName: 'B', email: 'uusi.myyja@example.fi' })
        .expect(403);
      expect(refused.body.message).toBe('Password change required');
      const common = await testApp.api
        .put('/api/auth/password')
        .set(bearer(login.token))
        .send({ currentPassword: oneTime, newPassword: 'password1234' })
        .expect(400);
      expect(common.body.message).toBe(
        'newPassword is one of the most commonly used passwords; choose another',
      );
      await testApp.api
        .put('/api/auth/password')
        .set(bearer(login.token))
        .send({ currentPassword: oneTime, newPassword: 'my own long password' })
        .expect(200);
      const verify = await testApp.api.get('/api/auth/verify').set(bearer(login.token)).expect(200);
      expect(verify.body.user.mustChangePassword).toBe(false);
      await testApp.api
        .put('/api/auth/profile')
        .set(bearer(login.token))
        .send({ firstName: 'A', lastName: 'B', email: 'uusi.myyja@example.fi' })
        .expect(200);
    });
  });
});
