import { PASSWORD_RESET_REQUESTED_MESSAGE } from '#src/contract/team.js';
import { SetMemberActiveCommand } from '#src/modules/team/commands/set-member-active/set-member-active.command.js';
import { CommandBus } from '@nestjs/cqrs';
import { eventually } from '../support/mail.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { bearer, createMember, logIn, STAFF_PASSWORD } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

const NEW_PASSWORD = 'uusi Salasana keittiölle 7';
let nextClient = 1;
/** Each test its own client address, so one test's tries never throttle another's. */
const freshClient = () => ({ 'X-Forwarded-For': `198.51.100.${nextClient++}` });

describe('Forgot password', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const testApp = useTestApp({
    env: () => ({
      SMTP_URL: sink.url,
      COMPANY_EMAIL: 'info@keittiokalvo.fi',
      PUBLIC_URL: 'https://keittiokalvo.fi',
      TRUST_PROXY_HOPS: '1',
      MAIL_RETRY_BASE_MS: '100',
    }),
  });
  afterAll(async () => {
    await sink.stop();
  });
  beforeEach(() => {
    sink.refuseRecipients(null);
  });

  const ask = (email: string, client = freshClient()) =>
    testApp.api.post('/api/auth/password-reset').set(client).send({ email });
  const complete = (token: string, newPassword = NEW_PASSWORD, client = freshClient()) =>
    testApp.api.post('/api/auth/password-reset/complete').set(client).send({ token, newPassword });

  const mailTo = (address: string) =>
    eventually(async () => {
      const mail = sink.received.find((m) => m.recipients.includes(address));
      expect(mail).toBeDefined();
      return mail!;
    });
  const tokenOf = (mail: ReceivedMail) =>
    /https:\/\/keittiokalvo\.fi\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      mail.parsed.text!,
    )![1];

  const memberEvents = async (memberId: string) =>
    (
      await testApp.db.pool.query<{ type: string; data: Record<string, unknown> }>(
        `select type, data from events where stream_id = $1 order by stream_version`,
        [`member-${memberId}`],
      )
    ).rows;

  it('should mail a single-use link that sets the password and ends every session', async () => {
    const member = await createMember(testApp, 'salesperson', { firstName: 'Riikka' });
    const { token: session } = await logIn(testApp, member.email);

    const answer = await ask(member.email.toUpperCase()).expect(202);
    expect(answer.body).toEqual({ success: true, message: PASSWORD_RESET_REQUESTED_MESSAGE });

    const mail = await mailTo(member.email);
    expect(mail.parsed.from?.value[0].address).toBe('info@keittiokalvo.fi');
    expect(mail.parsed.subject).toBe('Set a new password – Keittiökalvo admin');
    expect(mail.parsed.text).toContain('Hello Riikka,');
    expect(mail.parsed.text).toContain('The link works once, for 30 minutes.');
    expect(String(mail.parsed.html)).toContain(
      'href="https://keittiokalvo.fi/reset-password?token=',
    );
    const token = tokenOf(mail);

    // The outbox kept no link: only the member and the reset's id.
    const stored = await testApp.db.pool.query<{ text: string }>(
      `select row_to_json(r)::text as text from password_resets r`,
    );
    expect(stored.rows.map((row) => row.text).join()).not.toContain(token);

    await complete(token).expect(200, { success: true });
    await logIn(testApp, member.email, NEW_PASSWORD);
    await testApp.api
      .post('/api/auth/login')
      .send({ email: member.email, password: STAFF_PASSWORD })
      .expect(401);
    await testApp.api.get('/api/auth/verify').set(bearer(session)).expect(401);

    const used = await complete(token, 'toinen Salasana keittiölle 8').expect(410);
    expect(used.body.message).toBe('This password reset link was already used. Ask for a new one.');
    await logIn(testApp, member.email, NEW_PASSWORD);

    const events = await memberEvents(member.id);
    expect(events.map((e) => e.type).slice(-2)).toEqual([
      'PasswordResetRequested',
      'MemberPasswordChanged',
    ]);
    expect(events.at(-1)!.data).toEqual({ memberId: member.id, how: 'link' });
    const admin = await createMember(testApp, 'admin');
    const { token: adminToken } = await logIn(testApp, admin.email);
    const audit = await eventually(async () => {
      const { body } = await testApp.api
        .get('/api/admin/activity')
        .query({ memberId: member.id, pageSize: 100 })
        .set(bearer(adminToken))
        .expect(200);
      const sentences = (body as { items: { sentence: string }[] }).items.map((i) => i.sentence);
      expect(sentences).toContain('Riikka Tester set a new password with a reset link');
      return sentences;
    });
    expect(audit).toContain('A password reset link was sent to Riikka Tester');
  });

  it('should answer an unknown or deactivated e-mail the same, and send nothing', async () => {
    const member = await createMember(testApp, 'salesperson');
    const gone = await createMember(testApp, 'salesperson');
    await testApp.app.get(CommandBus).execute(new SetMemberActiveCommand(gone.id, false));
    const before = sink.received.length;

    const started = Date.now();
    const unknown = await ask('nobody@keittiokalvo.fi').expect(202);
    const unknownMs = Date.now() - started;
    const inactive = await ask(gone.email).expect(202);
    const knownStarted = Date.now();
    const known = await ask(member.email).expect(202);
    const knownMs = Date.now() - knownStarted;

    expect(unknown.body).toEqual(known.body);
    expect(inactive.body).toEqual(known.body);
    // Both wait out the same floor.
    expect(unknownMs).toBeGreaterThanOrEqual(300);
    expect(knownMs).toBeGreaterThanOrEqual(300);
    await mailTo(member.email);
    await new Promise((done) => setTimeout(done, 1500));
    const sent = sink.received.slice(before).flatMap((m) => m.recipients);
    expect(sent).toEqual([member.email]);

    const { rows } = await testApp.db.pool.query<{ reason: string; member_id: string | null }>(
      `select data->>'reason' as reason, data->>'memberId' as member_id from events
       where type = 'PasswordResetRefused' order by global_position`,
    );
    expect(rows.slice(-2)).toEqual([
      { reason: 'unknown_account', member_id: null },
      { reason: 'inactive', member_id: gone.id },
    ]);
  });

  it('should refuse an expired link with 410 and an unknown one with 400', async () => {
    const member = await createMember(testApp, 'manager');
    await ask(member.email).expect(202);
    const token = tokenOf(await mailTo(member.email));
    await testApp.db.pool.query(
      `update password_resets set expires_at = now() - interval '1 second' where member_id = $1`,
      [member.id],
    );
    const expired = await complete(token).expect(410);
    expect(expired.body.message).toBe('This password reset link has expired. Ask for a new one.');
    const unknown = await complete('A'.repeat(43)).expect(400);
    expect(unknown.body.message).toBe('This password reset link is not valid. Ask for a new one.');
    await logIn(testApp, member.email, STAFF_PASSWORD);
  });

  it('should keep the link when the new password breaks the rules', async () => {
    const member = await createMember(testApp, 'salesperson');
    await ask(member.email).expect(202);
    const token = tokenOf(await mailTo(member.email));
    const short = await complete(token, 'lyhyt').expect(400);
    expect(JSON.stringify(short.body)).toContain('newPassword must be at least 12 characters long');
    const holdsEmail = await complete(token, `${member.email.split('@')[0]}-salasana-1`).expect(
      400,
    );
    expect(JSON.stringify(holdsEmail.body)).toContain('must not contain your e-mail address');
    await complete(token).expect(200);
    await logIn(testApp, member.email, NEW_PASSWORD);
  });

  it('should make a newer link the only one: using one ends the others', async () => {
    const member = await createMember(testApp, 'salesperson');
    await ask(member.email).expect(202);
    await ask(member.email).expect(202);
    const mails = await eventually(async () => {
      const mine = sink.received.filter((m) => m.recipients.includes(member.email));
      expect(mine).toHaveLength(2);
      return mine;
    });
    const [first, second] = mails.map(tokenOf);
    expect(first).not.toBe(second);
    await complete(second).expect(200);
    await complete(first, 'toinen Salasana keittiölle 8').expect(410);
  });

  it('should deliver the link through the outbox retries when the mail server refuses for now', async () => {
    const member = await createMember(testApp, 'salesperson');
    sink.refuseRecipients({ code: 451, message: 'Try again later' });
    await ask(member.email).expect(202);
    await eventually(async () => {
      const { rows } = await testApp.db.pool.query<{ attempts: number; last_error: string }>(
        'select attempts, last_error from mail_outbox where member_id = $1',
        [member.id],
      );
      expect(rows[0]?.attempts).toBeGreaterThanOrEqual(1);
    });
    sink.refuseRecipients(null);
    await mailTo(member.email);
    await eventually(async () => {
      const { rows } = await testApp.db.pool.query(
        'select 1 from mail_outbox where member_id = $1',
        [member.id],
      );
      expect(rows).toHaveLength(0);
    });
  });

  it('should refuse bad input with 400 and change nothing', async () => {
    const before = (await testApp.db.pool.query('select count(*)::int as n from password_resets'))
      .rows[0];
    for (const body of [
      {},
      { email: 'not-an-email' },
      { email: 'a@b.fi', extra: 1 },
      { email: 5 },
    ]) {
      await testApp.api.post('/api/auth/password-reset').set(freshClient()).send(body).expect(400);
    }
    for (const body of [
      {},
      { token: 'x' },
      { token: 'a/b', newPassword: NEW_PASSWORD },
      { token: 'A'.repeat(43), newPassword: NEW_PASSWORD, more: true },
    ]) {
      await testApp.api
        .post('/api/auth/password-reset/complete')
        .set(freshClient())
        .send(body)
        .expect(400);
    }
    const after = (await testApp.db.pool.query('select count(*)::int as n from password_resets'))
      .rows[0];
    expect(after).toEqual(before);
  });

  it('should rate-limit requests like sign-ins: 429 past five a minute for one account', async () => {
    const member = await createMember(testApp, 'salesperson');
    const client = freshClient();
    for (let i = 0; i < 5; i++) await ask(member.email, client).expect(202);
    const refused = await ask(member.email, client).expect(429);
    expect(refused.body.message).toBe(
      'Too many password reset requests. Wait a minute and try again.',
    );
    // The answer is the same whether or not the account exists.
    const unknownClient = freshClient();
    for (let i = 0; i < 5; i++) await ask('ghost@keittiokalvo.fi', unknownClient).expect(202);
    await ask('ghost@keittiokalvo.fi', unknownClient).expect(429);
  });
});
