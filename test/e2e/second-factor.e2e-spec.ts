import { RECOVERY_CODE_COUNT } from '#src/contract/team.js';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '#src/modules/team/auth/login-throttle.js';
import { eventually } from '../support/mail.js';
import { awayFromStepEdge, totpCode } from '../support/second-factor.js';
import { bearer, createMember, logIn, STAFF_PASSWORD } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';
import type { StaffRole } from '#src/contract/team.js';

let nextClient = 1;
/** Each test its own client address, so one test's tries never throttle another's. */
const freshClient = () => ({ 'X-Forwarded-For': `192.0.2.${nextClient++}` });

describe('Second factor (TOTP)', () => {
  const testApp = useTestApp({ env: { TRUST_PROXY_HOPS: '1' } });
  beforeEach(() => awayFromStepEdge());

  const passwordStep = (email: string, client = freshClient()) =>
    testApp.api.post('/api/auth/login').set(client).send({ email, password: STAFF_PASSWORD });
  const secondStep = (body: object, client = freshClient()) =>
    testApp.api.post('/api/auth/login/second-factor').set(client).send(body);

  /** A member signed in who has set up and confirmed an authenticator (with the -1 step's code). */
  async function enrolled(role: StaffRole = 'salesperson') {
    const member = await createMember(testApp, role);
    const { token } = await logIn(testApp, member.email);
    const setup = await testApp.api
      .post('/api/auth/second-factor/setup')
      .set(bearer(token))
      .expect(200);
    const secret = setup.body.secret as string;
    const confirmed = await testApp.api
      .post('/api/auth/second-factor/confirm')
      .set(bearer(token))
      .send({ code: totpCode(secret, -1) })
      .expect(200);
    return { member, token, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  const streamEvents = async (streamId: string) =>
    (
      await testApp.db.pool.query<{
        type: string;
        data: Record<string, unknown>;
        metadata: Record<string, unknown>;
      }>('select type, data, metadata from events where stream_id = $1 order by stream_version', [
        streamId,
      ])
    ).rows;

  describe('enrolment', () => {
    it('should turn on only after a valid code, answer ten recovery codes once, and keep no secret readable', async () => {
      const member = await createMember(testApp, 'manager');
      const { token } = await logIn(testApp, member.email);
      const setup = await testApp.api
        .post('/api/auth/second-factor/setup')
        .set(bearer(token))
        .expect(200);
      const { secret, otpauthUri, qrCode } = setup.body as Record<string, string>;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
      expect(otpauthUri).toContain(`secret=${secret}`);
      expect(otpauthUri).toContain('algorithm=SHA1&digits=6&period=30');
      expect(qrCode).toMatch(/^data:image\/png;base64,/);

      // Not on yet: the password alone still opens a session.
      expect((await passwordStep(member.email).expect(200)).body.token).toEqual(expect.any(String));

      const wrong = await testApp.api
        .post('/api/auth/second-factor/confirm')
        .set(bearer(token))
        .send({ code: totpCode(secret, 5) })
        .expect(400);
      expect(wrong.body.message).toBe('code is incorrect or was already used');
      const malformed = await testApp.api
        .post('/api/auth/second-factor/confirm')
        .set(bearer(token))
        .send({ code: '12ab56' })
        .expect(400);
      expect(malformed.body.message).toContain('code must be the 6 digits');

      const confirmed = await testApp.api
        .post('/api/auth/second-factor/confirm')
        .set(bearer(token))
        .send({ code: totpCode(secret) })
        .expect(200);
      const codes = confirmed.body.recoveryCodes as string[];
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

      const verify = await testApp.api.get('/api/auth/verify').set(bearer(token)).expect(200);
      expect(verify.body.user).toMatchObject({ secondFactor: true, mustSetUpSecondFactor: false });
      await testApp.api.post('/api/auth/second-factor/setup').set(bearer(token)).expect(409);
      await testApp.api
        .post('/api/auth/second-factor/confirm')
        .set(bearer(token))
        .send({ code: totpCode(secret, 1) })
        .expect(409);

      const events = await streamEvents(`member-${member.id}`);
      expect(events.at(-1)).toMatchObject({
        type: 'SecondFactorEnabled',
        data: { memberId: member.id },
        metadata: expect.objectContaining({ actorId: member.id }),
      });
      const everything = await testApp.db.pool.query<{ text: string }>(
        `select string_agg(row_to_json(e)::text, ' ') as text from events e`,
      );
      expect(everything.rows[0].text).not.toContain(secret);
      const stored = await testApp.db.pool.query<{ sealed_secret: Buffer }>(
        'select sealed_secret from staff_second_factors where member_id = $1',
        [member.id],
      );
      expect(stored.rows[0].sealed_secret.toString('latin1')).not.toContain(secret);
      const hashes = await testApp.db.pool.query<{ code_hash: string }>(
        'select code_hash from staff_recovery_codes where member_id = $1',
        [member.id],
      );
      expect(hashes.rows).toHaveLength(RECOVERY_CODE_COUNT);
      for (const row of hashes.rows) expect(row.code_hash).toMatch(/^\$argon2id\$/);
      expect(hashes.rows.map((r) => r.code_hash).join()).not.toContain(codes[0]);
    });

    it('should refuse confirming before a set-up, and every route without a session', async () => {
      const member = await createMember(testApp, 'salesperson');
      const { token } = await logIn(testApp, member.email);
      const early = await testApp.api
        .post('/api/auth/second-factor/confirm')
        .set(bearer(token))
        .send({ code: '123456' })
        .expect(409);
      expect(early.body.message).toBe('Start setting up two-step sign-in first');
      await testApp.api.post('/api/auth/second-factor/setup').expect(401);
      await testApp.api
        .post('/api/auth/second-factor/confirm')
        .send({ code: '123456' })
        .expect(401);
      await testApp.api
        .post('/api/auth/second-factor/disable')
        .send({ code: '123456', password: STAFF_PASSWORD })
        .expect(401);
    });
  });

  describe('sign-in', () => {
    it('should give no session for the password alone, and one for the challenge and a code', async () => {
      const { member, secret } = await enrolled();
      const first = await passwordStep(member.email).expect(200);
      expect(first.body).toEqual({
        success: true,
        secondFactorRequired: true,
        challenge: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        expiresInSeconds: 300,
      });
      expect(first.body.token).toBeUndefined();
      // The challenge is no session.
      await testApp.api.get('/api/auth/verify').set(bearer(first.body.challenge)).expect(401);

      const second = await secondStep({
        challenge: first.body.challenge,
        code: totpCode(secret),
      }).expect(200);
      expect(second.body.user).toMatchObject({ id: member.id, secondFactor: true });
      await testApp.api.get('/api/auth/verify').set(bearer(second.body.token)).expect(200);
      const signIns = await streamEvents(`auth-${member.id}`);
      expect(signIns.at(-1)).toMatchObject({ type: 'MemberLoggedIn' });
    });

    it('should refuse a code used again within its window (replay)', async () => {
      const { member, secret } = await enrolled();
      const code = totpCode(secret);
      const { challenge } = (await passwordStep(member.email).expect(200)).body;
      await secondStep({ challenge, code }).expect(200);
      const again = (await passwordStep(member.email).expect(200)).body.challenge;
      const replay = await secondStep({ challenge: again, code }).expect(401);
      expect(replay.body.error).toBe('Invalid code');
      // An older step than the one used is refused too; a newer one works.
      await secondStep({ challenge: again, code: totpCode(secret, -1) }).expect(401);
      await secondStep({ challenge: again, code: totpCode(secret, 1) }).expect(200);
    });

    it('should refuse a wrong code, record it, and count it toward the sign-in throttle', async () => {
      const { member, secret } = await enrolled();
      const client = freshClient();
      const { challenge } = (await passwordStep(member.email, client).expect(200)).body;
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) {
        const wrong = await secondStep({ challenge, code: totpCode(secret, 7 + i) }, client).expect(
          401,
        );
        expect(wrong.body.error).toBe('Invalid code');
      }
      // Even the right code waits out the minute now, as a right password would.
      const blocked = await secondStep({ challenge, code: totpCode(secret) }, client).expect(429);
      expect(blocked.body.error).toMatch(/Too many login attempts/);
      await passwordStep(member.email, client).expect(429);

      const failures = (await streamEvents(`auth-${member.id}`)).filter(
        (e) => e.type === 'LoginFailed',
      );
      expect(failures).toHaveLength(LOGIN_ATTEMPTS_PER_MINUTE);
      expect(failures[0].data).toMatchObject({ memberId: member.id, reason: 'wrong_code' });
    });

    it('should refuse a challenge that is altered, or not a challenge at all', async () => {
      const { member, token } = await enrolled();
      const { challenge } = (await passwordStep(member.email).expect(200)).body;
      const [head, , signature] = (challenge as string).split('.');
      const forged = `${head}.${Buffer.from(JSON.stringify({ sub: member.id, purpose: 'second-factor', exp: 9999999999 })).toString('base64url')}.${signature}`;
      const refused = await secondStep({ challenge: forged, code: '123456' }).expect(401);
      expect(refused.body.error).toBe('This sign-in has expired. Sign in again.');
      // A session token signed under another key is no challenge either.
      await secondStep({ challenge: token, code: '123456' }).expect(401);
    });

    it('should refuse malformed second steps with 400', async () => {
      const { member } = await enrolled();
      const { challenge } = (await passwordStep(member.email).expect(200)).body;
      const missing = await secondStep({ challenge }).expect(400);
      expect(missing.body.error).toContain('code or recoveryCode is required');
      await secondStep({ challenge, code: '1234567' }).expect(400);
      await secondStep({ challenge, recoveryCode: 'not a code' }).expect(400);
      await secondStep({ challenge: 'nope', code: '123456' }).expect(400);
      const both = await secondStep({ challenge, code: '123456', recoveryCode: 'abcde-fghjk' });
      expect(both.status).toBe(400);
      expect(both.body.error).toBe('Send code or recoveryCode, not both');
    });

    it('should take each recovery code once instead of a code, and record it', async () => {
      const { member, recoveryCodes } = await enrolled();
      const { challenge } = (await passwordStep(member.email).expect(200)).body;
      const signedIn = await secondStep({
        challenge,
        recoveryCode: ` ${recoveryCodes[3].toUpperCase()} `,
      }).expect(200);
      expect(signedIn.body.token).toEqual(expect.any(String));
      const again = (await passwordStep(member.email).expect(200)).body.challenge;
      await secondStep({ challenge: again, recoveryCode: recoveryCodes[3] }).expect(401);
      await secondStep({ challenge: again, recoveryCode: recoveryCodes[4] }).expect(200);

      const used = (await streamEvents(`member-${member.id}`)).filter(
        (e) => e.type === 'RecoveryCodeUsed',
      );
      expect(used[0].metadata).toMatchObject({ actorId: member.id, actorRole: 'salesperson' });
      expect(used.map((e) => e.data)).toEqual([
        { memberId: member.id, remaining: 9 },
        { memberId: member.id, remaining: 8 },
      ]);
    });
  });

  describe('turning it off', () => {
    it('should need the password and a code, then sign in with the password alone', async () => {
      const { member, token, secret } = await enrolled();
      const disable = (body: object) =>
        testApp.api.post('/api/auth/second-factor/disable').set(bearer(token)).send(body);
      const wrongPassword = await disable({
        password: 'not the password',
        code: totpCode(secret),
      }).expect(400);
      expect(wrongPassword.body.message).toBe('password is incorrect');
      await disable({ password: STAFF_PASSWORD, code: totpCode(secret, 6) }).expect(400);
      await disable({ password: STAFF_PASSWORD }).expect(400);
      await disable({ password: STAFF_PASSWORD, code: totpCode(secret) }).expect(200, {
        success: true,
      });
      await disable({ password: STAFF_PASSWORD, code: totpCode(secret, 1) }).expect(409);

      expect((await passwordStep(member.email).expect(200)).body.token).toEqual(expect.any(String));
      const events = await streamEvents(`member-${member.id}`);
      expect(events.at(-1)).toMatchObject({
        type: 'SecondFactorDisabled',
        data: { memberId: member.id },
      });
      const left = await testApp.db.pool.query(
        `select 1 from staff_second_factors where member_id = $1
         union all select 1 from staff_recovery_codes where member_id = $1`,
        [member.id],
      );
      expect(left.rowCount).toBe(0);
    });
  });

  describe('required for admins', () => {
    // Runs last: the requirement applies to every admin of this app's team.
    it('should hold an admin without one to its set-up before any admin right', async () => {
      const setPolicy = (token: string, secondFactorRequiredForAdmins: unknown) =>
        testApp.api
          .put('/api/admin/team/security')
          .set(bearer(token))
          .send({ secondFactorRequiredForAdmins });
      const plainAdmin = await createMember(testApp, 'admin');
      const { token: plainToken } = await logIn(testApp, plainAdmin.email);
      const refused = await setPolicy(plainToken, true).expect(409);
      expect(refused.body.message).toMatch(/Turn on two-step sign-in for yourself/);
      await setPolicy(plainToken, 'yes').expect(400);
      const manager = await createMember(testApp, 'manager');
      const { token: managerToken } = await logIn(testApp, manager.email);
      await setPolicy(managerToken, true).expect(403);

      const admin = await enrolled('admin');
      await setPolicy(admin.token, true).expect(200, { secondFactorRequiredForAdmins: true });
      await testApp.api
        .get('/api/admin/team/security')
        .set(bearer(admin.token))
        .expect(200, { secondFactorRequiredForAdmins: true });
      const policyEvents = await streamEvents('team-security');
      expect(policyEvents.at(-1)).toMatchObject({
        type: 'SecondFactorPolicyChanged',
        data: { requiredForAdmins: true },
        metadata: expect.objectContaining({ actorId: admin.member.id }),
      });

      // The admin without a factor keeps a session, but it opens nothing but the set-up.
      const held = await testApp.api.get('/api/auth/verify').set(bearer(plainToken)).expect(200);
      expect(held.body.user).toMatchObject({ secondFactor: false, mustSetUpSecondFactor: true });
      const blocked = await testApp.api.get('/api/admin/users').set(bearer(plainToken)).expect(403);
      expect(blocked.body.message).toBe('Set up two-step sign-in to continue');
      const fresh = (await passwordStep(plainAdmin.email).expect(200)).body;
      expect(fresh.user).toMatchObject({ mustSetUpSecondFactor: true });
      await testApp.api.get('/api/admin/activity').set(bearer(fresh.token)).expect(403);
      // A manager is not held.
      await testApp.api.get('/api/auth/verify').set(bearer(managerToken)).expect(200);
      await testApp.api.get('/api/admin/activity').set(bearer(managerToken)).expect(200);

      const setup = await testApp.api
        .post('/api/auth/second-factor/setup')
        .set(bearer(fresh.token))
        .expect(200);
      await testApp.api
        .post('/api/auth/second-factor/confirm')
        .set(bearer(fresh.token))
        .send({ code: totpCode(setup.body.secret) })
        .expect(200);
      await testApp.api.get('/api/admin/users').set(bearer(fresh.token)).expect(200);

      // While required, an admin cannot turn theirs off; lifting it is allowed.
      const keep = await testApp.api
        .post('/api/auth/second-factor/disable')
        .set(bearer(admin.token))
        .send({ password: STAFF_PASSWORD, code: totpCode(admin.secret) })
        .expect(403);
      expect(keep.body.message).toBe('The team requires two-step sign-in for admins');
      await setPolicy(admin.token, false).expect(200, { secondFactorRequiredForAdmins: false });

      const audit = await eventually(async () => {
        const { body } = await testApp.api
          .get('/api/admin/activity')
          .query({ pageSize: 100 })
          .set(bearer(admin.token))
          .expect(200);
        const sentences = (body as { items: { sentence: string }[] }).items.map((i) => i.sentence);
        expect(sentences).toContain(
          `${admin.member.firstName} ${admin.member.lastName} stopped requiring two-step sign-in for admins`,
        );
        return sentences;
      });
      const name = `${admin.member.firstName} ${admin.member.lastName}`;
      expect(audit).toContain(`${name} required two-step sign-in for admins`);
      expect(audit).toContain(`${name} turned on two-step sign-in`);
    });
  });
});
