import type { LeadView } from '#src/contract/leads.js';
import { finnishDay } from '#src/contract/finnish-day.js';
import { FollowUpDigestJob } from '#src/modules/mail/staff/follow-up-digest.job.js';
import { eventually } from '../support/mail.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { bearer, signInAs } from '../support/staff.js';
import { startTestApp } from '../support/test-app.js';
import { useTestApp } from '../support/app-fixture.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ENV = {
  COMPANY_EMAIL: 'info@keittiokalvo.fi',
  PUBLIC_URL: 'https://keittiokalvo.fi',
  // Past the hour whenever the test runs: the start-up run finds nothing due yet.
  FOLLOW_UP_DIGEST_HOUR: '0',
  MAIL_RETRY_BASE_MS: '100',
};

describe('The morning follow-up digest', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const testApp = useTestApp({ env: () => ({ SMTP_URL: sink.url, ...ENV }) });
  const sami = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });
  const mika = testApp.signedIn('manager', { firstName: 'Mika', lastName: 'Manager' });
  afterAll(async () => {
    await sink.stop();
  });

  async function lead(lastName: string, followUp: Record<string, unknown>): Promise<LeadView> {
    const created = await testApp.api
      .post('/api/admin/quotes/create-lead')
      .set(bearer(sami.token))
      .send({
        customerFirstName: 'Aino',
        customerLastName: lastName,
        customerEmail: `${lastName.toLowerCase()}@example.fi`,
      })
      .expect(201);
    const id = (created.body as LeadView).id;
    await testApp.api
      .put(`/api/admin/quotes/${id}/update-lead`)
      .set(bearer(sami.token))
      .send(followUp)
      .expect(200);
    return created.body as LeadView;
  }

  it('should mail each owner once a day the follow-ups due that day or overdue, whichever instance runs it', async () => {
    const today = finnishDay(new Date());
    const tomorrow = finnishDay(new Date(Date.now() + DAY_MS));
    const later = finnishDay(new Date(Date.now() + 2 * DAY_MS));
    // As the digest of tomorrow sees them: one overdue, one due, one not yet, one done.
    const overdue = await lead('Myohassa', {
      ownerId: sami.member.id,
      followUpOn: today,
      followUpNote: 'Soita & sovi <mittaus>',
    });
    const due = await lead('Huomenna', { ownerId: sami.member.id, followUpOn: tomorrow });
    await lead('Myohemmin', { ownerId: sami.member.id, followUpOn: later });
    const done = await lead('Tehty', { ownerId: sami.member.id, followUpOn: today });
    await testApp.api
      .put(`/api/admin/quotes/${done.id}/update-lead`)
      .set(bearer(sami.token))
      .send({ followUpDone: true })
      .expect(200);
    const mikas = await lead('Mikan', { ownerId: mika.member.id, followUpOn: tomorrow });
    await lead('Omistajaton', { followUpOn: today });

    // A second instance started now catches up at start: today's digest, for Sami only.
    const second = await startTestApp({ SMTP_URL: sink.url, ...ENV }, { database: testApp.db });
    try {
      const [first, other] = await Promise.all([
        testApp.app.get(FollowUpDigestJob).queueDigests(tomorrow),
        second.app.get(FollowUpDigestJob).queueDigests(tomorrow),
      ]);
      expect(first + other).toBe(2);
      expect(await second.app.get(FollowUpDigestJob).queueDigests(tomorrow)).toBe(0);
      expect(await testApp.app.get(FollowUpDigestJob).queueDigests(today)).toBe(0);
    } finally {
      await second.close();
    }

    const mails = await sink.waitFor(3);
    const [y, mo, d] = tomorrow.split('-').map(Number);
    const [ty, tm, td] = today.split('-').map(Number);
    const ofTomorrow = mails.filter((m) => m.parsed.subject!.endsWith(`for ${d}.${mo}.${y}`));
    expect(ofTomorrow).toHaveLength(2);
    const ofToday = mails.filter((m) => m.parsed.subject!.endsWith(`for ${td}.${tm}.${ty}`));
    expect(ofToday.map((m) => [m.recipients, m.parsed.subject])).toEqual([
      [[sami.member.email], `Your follow-ups: 1 follow-up for ${td}.${tm}.${ty}`],
    ]);
    const toSami = ofTomorrow.find((m) => m.recipients.includes(sami.member.email))!;
    const toMika = ofTomorrow.find((m) => m.recipients.includes(mika.member.email))!;
    expect(toSami.parsed.subject).toBe(`Your follow-ups: 2 follow-ups for ${d}.${mo}.${y}`);
    const text = toSami.parsed.text!;
    expect(text).toContain('Good morning Sami,');
    expect(text).toContain(`Aino Myohassa – overdue since ${td}.${tm}.${ty}`);
    expect(text).toContain('Note: Soita & sovi <mittaus>');
    expect(text).toContain(
      `Open the lead: https://keittiokalvo.fi/admin?tab=crm&lead=${overdue.id}`,
    );
    expect(text).toContain('Aino Huomenna – due today');
    expect(text).toContain(`https://keittiokalvo.fi/admin?tab=crm&lead=${due.id}`);
    expect(text.indexOf('Myohassa')).toBeLessThan(text.indexOf('Huomenna'));
    expect(text).not.toContain('Myohemmin');
    expect(text).not.toContain('Tehty');
    expect(text).not.toContain('Mikan');
    expect(String(toSami.parsed.html)).toContain('Soita &amp; sovi &lt;mittaus&gt;');
    expect(toMika.parsed.text).toContain(`https://keittiokalvo.fi/admin?tab=crm&lead=${mikas.id}`);
    expect(toMika.parsed.text).not.toContain('Myohassa');

    // Nothing of the customers waited in the outbox: the digest was written when sent.
    const claims = await testApp.db.pool.query<{ member_id: string }>(
      'select member_id from follow_up_digests where day = $1 order by member_id',
      [tomorrow],
    );
    expect(claims.rows.map((r) => r.member_id).sort()).toEqual(
      [sami.member.id, mika.member.id].sort(),
    );
    await eventually(async () => {
      const { rows } = await testApp.db.pool.query('select 1 from mail_outbox');
      expect(rows).toHaveLength(0);
    });
    await new Promise((done) => setTimeout(done, 1000));
    expect(sink.received).toHaveLength(3);
  });

  it('should keep only the member and the day in the outbox row', async () => {
    const day = finnishDay(new Date(Date.now() + 3 * DAY_MS));
    await lead('Rivi', { ownerId: mika.member.id, followUpOn: day });
    // Held back so the row can be read before it is sent.
    await sink.stop();
    try {
      // Sami's and Mika's: everything due by that day is theirs.
      expect(await testApp.app.get(FollowUpDigestJob).queueDigests(day)).toBe(2);
      const { rows } = await testApp.db.pool.query<{ row: string }>(
        'select row_to_json(o)::text as row from mail_outbox o where member_id = $1',
        [mika.member.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].row).toContain(`"staff_mail":{"day": "${day}", "kind": "follow_up_digest"}`);
      expect(rows[0].row).not.toContain('Rivi');
      expect(rows[0].row).not.toContain('example.fi');
    } finally {
      await sink.start();
    }
  });

  it('should send nothing when the follow-ups were done before the digest went out', async () => {
    const day = finnishDay(new Date(Date.now() + 5 * DAY_MS));
    const nelli = await signInAs(testApp, 'salesperson', { firstName: 'Nelli' });
    const only = await lead('Ehti', { ownerId: nelli.member.id, followUpOn: day });
    await sink.stop();
    try {
      // Sami's, Mika's and Nelli's.
      expect(await testApp.app.get(FollowUpDigestJob).queueDigests(day)).toBe(3);
      await testApp.api
        .put(`/api/admin/quotes/${only.id}/update-lead`)
        .set(bearer(sami.token))
        .send({ followUpDone: true })
        .expect(200);
    } finally {
      await sink.start();
    }
    // Nelli's digest has nothing left to list: it leaves the outbox unsent.
    await eventually(async () => {
      const { rows } = await testApp.db.pool.query('select 1 from mail_outbox');
      expect(rows).toHaveLength(0);
    }, 30_000);
    expect(sink.received.some((m) => m.recipients.includes(nelli.member.email))).toBe(false);
  });
});
