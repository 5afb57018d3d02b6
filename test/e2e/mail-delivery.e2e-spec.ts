import request from 'supertest';
import { NO_SMTP_REASON } from '#src/contract/mail.js';
import { validQuote } from '../support/public-intake.js';
import { conversationOf, createLead, deliveryOf, eventually, outboxSize } from '../support/mail.js';
import { type SmtpSink, startSilentSmtpServer, startSmtpSink } from '../support/smtp-sink.js';
import { bearer, signInAs } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/app-fixture.js';

const COMPANY = { COMPANY_EMAIL: 'info@keittiokalvo.fi', PUBLIC_URL: 'https://keittiokalvo.fi' };
const QUICK_RETRIES = { MAIL_RETRY_BASE_MS: '100', MAIL_MAX_ATTEMPTS: '20' };

describe('Mail delivery over SMTP', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const testApp = useTestApp({ env: () => ({ SMTP_URL: sink.url, ...COMPANY, ...QUICK_RETRIES }) });
  const sales = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });
  afterAll(async () => {
    await sink.stop();
  });
  beforeEach(() => {
    sink.received.length = 0;
    sink.refuseRecipients(null);
  });

  async function submitQuote() {
    const quote = validQuote();
    quote.customer.firstName = 'Maija <b>&';
    quote.customer.message = '<script>alert(1)</script>';
    const response = await request(testApp.baseUrl).post('/api/quote').send(quote).expect(201);
    return (response.body as { leadId: string }).leadId;
  }

  describe('the quote e-mail', () => {
    it('should send the customer a Finnish price breakdown and the company a notification', async () => {
      const leadId = await submitQuote();
      const mails = await sink.waitFor(2);
      const quote = mails.find((m) => m.recipients.includes('maija@example.fi'))!;
      const notice = mails.find((m) => m.recipients.includes('info@keittiokalvo.fi'))!;

      expect(quote.parsed.from?.value[0].address).toBe('info@keittiokalvo.fi');
      expect(quote.parsed.subject).toBe('Tarjouksesi keittiön kalvotuksesta – Keittiökalvo');
      expect(quote.parsed.replyTo?.value[0].address).toMatch(
        /^info\+[0-9a-f]{52}@keittiokalvo\.fi$/,
      );
      expect(quote.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@keittiokalvo\.fi>$/);
      const text = quote.parsed.text!;
      expect(text).toContain('Hei Maija <b>&,');
      expect(text).toContain('Ovimalli: Uritettu');
      expect(text).toContain('Ovet: 8 kpl');
      expect(text).toMatch(/Yhteensä \(sis\. ALV 25,5 %\): 1\s270\s€/);
      expect(text).toContain('Hinnasto: 2025-01');
      expect(text).toContain('Otamme sinuun yhteyttä 24 tunnin sisällä');
      const html = String(quote.parsed.html);
      expect(html).toContain('Hei Maija &lt;b&gt;&amp;,');
      expect(html).not.toContain('<b>&');

      expect(notice.parsed.subject).toBe('New quote request: Maija <b>& Meikäläinen');
      expect(notice.parsed.text).toContain(
        `Open the lead: https://keittiokalvo.fi/admin?tab=crm&lead=${leadId}`,
      );
      expect(String(notice.parsed.html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(String(notice.parsed.html)).not.toContain('<script>');

      const conversation = await eventually(async () => {
        const messages = await conversationOf(testApp, sales.token, leadId);
        expect(messages.map((m) => m.deliveryState)).toEqual(['delivered', 'delivered']);
        return messages;
      });
      expect(conversation.map((m) => m.subject)).toEqual([
        quote.parsed.subject,
        notice.parsed.subject,
      ]);
    });

    it('should notify the company mailbox of a contact message', async () => {
      const response = await request(testApp.baseUrl)
        .post('/api/contact')
        .send({
          firstName: 'Ville',
          lastName: 'Virta',
          email: 'ville@example.fi',
          message: 'Soitatteko?',
        })
        .expect(201);
      const [notice] = await sink.waitFor(1);
      expect(notice.recipients).toEqual(['info@keittiokalvo.fi']);
      expect(notice.parsed.subject).toBe('New contact message: Ville Virta');
      expect(notice.parsed.text).toContain('Soitatteko?');
      const { leadId } = response.body as { leadId: string };
      await deliveryOf(
        testApp,
        sales.token,
        leadId,
        (await conversationOf(testApp, sales.token, leadId))[0].id,
        'delivered',
      );
    });
  });

  describe('a staff message', () => {
    it('should reply in the quote thread with the body escaped in its HTML part', async () => {
      const leadId = await submitQuote();
      await sink.waitFor(2);
      const quoteMessageId = sink.received.find((m) => m.recipients.includes('maija@example.fi'))!
        .parsed.messageId;
      sink.received.length = 0;

      const sent = await request(testApp.baseUrl)
        .post(`/api/quotes/${leadId}/emails`)
        .set(bearer(sales.token))
        .send({ body: 'Hei <Maija>,\n\nsopisiko tiistai?', fromEmail: 'info@keittiokalvo.fi' })
        .expect(201);
      expect(sent.body).toMatchObject({
        direction: 'sent',
        subject: 'Message from Keittiökalvo',
        body: 'Hei <Maija>,\n\nsopisiko tiistai?',
        byName: 'Sami Seller',
      });
      const [mail] = await sink.waitFor(1);
      expect(mail.recipients).toEqual(['maija@example.fi']);
      expect(mail.parsed.inReplyTo).toBe(quoteMessageId);
      expect(mail.parsed.references).toEqual(quoteMessageId);
      expect(mail.parsed.text).toBe('Hei <Maija>,\n\nsopisiko tiistai?');
      expect(String(mail.parsed.html)).toContain('<p>Hei &lt;Maija&gt;,</p>');
      const delivered = await deliveryOf(testApp, sales.token, leadId, sent.body.id, 'delivered');
      expect(mail.parsed.messageId).toBe(`<${sent.body.id}@keittiokalvo.fi>`);
      expect(delivered.deliveryReason).toBeUndefined();
    });
  });

  describe('when the mail server fails', () => {
    it('should retry while the server is down and deliver once when it is back', async () => {
      const leadId = await createLead(testApp, sales.token);
      await sink.stop();
      const sent = await request(testApp.baseUrl)
        .post(`/api/quotes/${leadId}/emails`)
        .set(bearer(sales.token))
        .send({ subject: 'Mittauskäynti', body: 'Sopiiko tiistai?' })
        .expect(201);
      const waiting = await eventually(async () => {
        const message = (await conversationOf(testApp, sales.token, leadId)).find(
          (m) => m.id === sent.body.id,
        );
        expect(message?.deliveryReason).toMatch(/^retrying after \d+ tries: .*ECONNREFUSED/);
        return message!;
      });
      expect(waiting.deliveryState).toBe('queued');

      await sink.start();
      await deliveryOf(testApp, sales.token, leadId, sent.body.id, 'delivered');
      await new Promise((done) => setTimeout(done, 300));
      expect(sink.received.filter((m) => m.parsed.subject === 'Mittauskäynti')).toHaveLength(1);
      expect(await outboxSize(testApp)).toBe(0);
    });

    it('should mark a message the server refuses with 550 as failed, with its reason', async () => {
      const leadId = await createLead(testApp, sales.token);
      sink.refuseRecipients({ code: 550, message: 'No such user here' });
      const sent = await request(testApp.baseUrl)
        .post(`/api/quotes/${leadId}/emails`)
        .set(bearer(sales.token))
        .send({ body: 'Hei!' })
        .expect(201);
      const failed = await deliveryOf(testApp, sales.token, leadId, sent.body.id, 'failed');
      expect(failed.deliveryReason).toMatch(/^550 .*No such user here/);
      expect(sink.received).toHaveLength(0);
    });
  });
});

describe('Mail to a server that never answers', () => {
  let silent: Awaited<ReturnType<typeof startSilentSmtpServer>>;
  beforeAll(async () => {
    silent = await startSilentSmtpServer();
  });
  const testApp = useTestApp({
    env: () => ({
      SMTP_URL: silent.url,
      ...COMPANY,
      MAIL_SMTP_TIMEOUT_MS: '300',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_MAX_ATTEMPTS: '2',
    }),
  });
  const sales = testApp.signedIn('salesperson');
  afterAll(async () => {
    await silent.stop();
  });

  it('should give up on each try after the timeout, keep serving, and fail the message with the reason', async () => {
    const leadId = await createLead(testApp, sales.token);
    const sent = await request(testApp.baseUrl)
      .post(`/api/quotes/${leadId}/emails`)
      .set(bearer(sales.token))
      .send({ body: 'Hei!' })
      .expect(201);
    await eventually(async () => expect(silent.connections()).toBeGreaterThan(0));
    // The worker waits on the server; the app answers meanwhile.
    await request(testApp.baseUrl).get('/api/health').expect(200);
    await eventually(async () => {
      const waiting = (await conversationOf(testApp, sales.token, leadId))[0];
      expect(waiting.deliveryReason).toMatch(/^retrying after 1 tries: .*did not answer in time/);
    });

    const failed = await deliveryOf(testApp, sales.token, leadId, sent.body.id, 'failed');
    expect(failed.deliveryReason).toMatch(/^the mail server did not answer in time/);
    expect(silent.connections()).toBeGreaterThanOrEqual(2);
    expect(await outboxSize(testApp)).toBe(0);
  });
});

describe('Mail without SMTP configured', () => {
  let sink: SmtpSink;
  let first: TestApp;
  let sales: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    first = await startTestApp(COMPANY);
    sales = (await signInAs(first, 'salesperson')).token;
  });
  afterAll(async () => {
    await first.db.drop();
    await sink.stop();
  });

  it('should keep mail as not sent, then deliver each message exactly once after a restart with SMTP', async () => {
    const leadIds = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createLead(first, sales, { customerEmail: `asiakas${i}@example.fi` }),
      ),
    );
    const sentIds: string[] = [];
    for (const leadId of leadIds) {
      for (let n = 0; n < 6; n++) {
        const sent = await request(first.baseUrl)
          .post(`/api/quotes/${leadId}/emails`)
          .set(bearer(sales))
          .send({ subject: `Viesti ${n}`, body: 'Hei!' })
          .expect(201);
        expect(sent.body).toMatchObject({
          deliveryState: 'not_sent',
          deliveryReason: NO_SMTP_REASON,
        });
        sentIds.push(sent.body.id as string);
      }
    }
    // The app goes away between queueing and sending; two instances with SMTP take over.
    await first.app.close();
    const env = { SMTP_URL: sink.url, ...COMPANY, ...QUICK_RETRIES };
    const [a, b] = await Promise.all([
      startTestApp(env, { database: first.db }),
      startTestApp(env, { database: first.db }),
    ]);
    try {
      await sink.waitFor(sentIds.length);
      await eventually(async () => expect(await outboxSize(a)).toBe(0));
      await new Promise((done) => setTimeout(done, 1_500));
      const ids = sink.received.map((m) => m.parsed.messageId);
      expect(ids).toHaveLength(sentIds.length);
      expect(new Set(ids).size).toBe(sentIds.length);
      for (const id of sentIds) expect(ids.some((header) => header?.includes(id))).toBe(true);
      const states = (await conversationOf(b, sales, leadIds[0])).map((m) => m.deliveryState);
      expect(states).toEqual(Array(6).fill('delivered'));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
