import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import request from 'supertest';
import { IMPORTED_KEYWORD, MAX_MESSAGE_BYTES } from '#src/modules/mail/imap/imap-reply-poller.js';
import { type Dovecot, startDovecot } from '../support/dovecot.js';
import { conversationOf, createLead, deliveryOf, eventually } from '../support/mail.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { bearer, signInAs } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('Replies over IMAP (Dovecot)', () => {
  let dovecot: Dovecot;
  let sink: SmtpSink;
  let testApp: TestApp;
  let sales: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dovecot = await startDovecot();
    sink = await startSmtpSink();
    env = {
      COMPANY_EMAIL: 'info@keittiokalvo.fi',
      SMTP_URL: sink.url,
      IMAP_URL: dovecot.url,
      IMAP_POLL_INTERVAL_MS: '200',
    };
    testApp = await startTestApp(env);
    sales = (await signInAs(testApp, 'salesperson')).token;
  });
  afterAll(async () => {
    await testApp.app.close();
    await testApp.db.drop();
    await sink.stop();
    await dovecot.stop();
  });

  /** An IMAP client signed in to the test mailbox, as a mail program would be. */
  async function connectToMailbox(): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: { user: dovecot.user, pass: dovecot.password },
      logger: false,
    });
    await client.connect();
    return client;
  }

  /** Puts a message into the mailbox the way a mail server delivers it. */
  async function deliverToMailbox(raw: string): Promise<void> {
    const client = await connectToMailbox();
    await client.append('INBOX', raw.replace(/\n/g, '\r\n'));
    await client.logout();
  }

  async function keywordsInMailbox(): Promise<Map<string, boolean>> {
    const client = await connectToMailbox();
    const lock = await client.getMailboxLock('INBOX');
    const flags = new Map<string, boolean>();
    try {
      for await (const message of client.fetch('1:*', { envelope: true, flags: true })) {
        flags.set(message.envelope!.messageId!, message.flags!.has(IMPORTED_KEYWORD));
      }
    } finally {
      lock.release();
      await client.logout();
    }
    return flags;
  }

  const unreadOf = async (app: TestApp, leadId: string) =>
    (
      (await request(app.baseUrl).get('/api/emails/unread-counts').set(bearer(sales)))
        .body as Record<string, number>
    )[leadId];

  const receivedCount = async (leadId: string) => {
    const { rows } = await testApp.db.pool.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id = $1 and type = 'EmailReceived'`,
      [`mail-${leadId}`],
    );
    return rows[0].n;
  };

  /** Sends the lead's customer a message; answers it as the customer's mail client saw it. */
  async function messageToCustomer(leadId: string, subject: string) {
    const sent = await request(testApp.baseUrl)
      .post(`/api/quotes/${leadId}/emails`)
      .set(bearer(sales))
      .send({ subject, body: 'Sopisiko tiistai?' })
      .expect(201);
    await deliveryOf(testApp, sales, leadId, sent.body.id, 'delivered');
    const ours = sink.received.find((m) => m.parsed.subject === subject)!.parsed;
    return { messageId: ours.messageId!, replyTo: ours.replyTo!.value[0].address! };
  }

  it('should import replies by reply address and by thread, once, and leave mail for no lead alone', async () => {
    const leadId = await createLead(testApp, sales);
    const ours = await messageToCustomer(leadId, 'Mittauskäynti');
    const { replyTo } = ours;

    await deliverToMailbox(`From: Aino Virtanen <aino.virtanen@example.fi>
To: ${replyTo}
Subject: Re: Mittauskäynti
Message-ID: <reply-1@example.fi>
In-Reply-To: ${ours.messageId}
Content-Type: text/plain; charset=utf-8

Tiistai sopii hyvin.

On Tue, Nov 24, 2026 at 10:00 Keittiökalvo <info@keittiokalvo.fi> wrote:
> Sopisiko tiistai?
`);
    // Only the thread headers tell this one's lead; its only part is HTML.
    await deliverToMailbox(`From: aino.virtanen@example.fi
To: info@keittiokalvo.fi
Subject: Re: Mittauskäynti
Message-ID: <reply-2@example.fi>
References: ${ours.messageId} <reply-1@example.fi>
Content-Type: text/html; charset=utf-8

<p>Vielä <b>yksi</b> asia.</p><script>alert(1)</script>
`);
    await deliverToMailbox(`From: spam@example.com
To: info@keittiokalvo.fi
Subject: Halpoja kelloja
Message-ID: <spam-1@example.com>
Content-Type: text/plain

Osta nyt.
`);

    await eventually(async () => expect(await unreadOf(testApp, leadId)).toBe(2));
    const conversation = await conversationOf(testApp, sales, leadId);
    expect(conversation.map((m) => [m.direction, m.subject, m.body])).toEqual([
      ['sent', 'Mittauskäynti', 'Sopisiko tiistai?'],
      ['received', 'Re: Mittauskäynti', 'Tiistai sopii hyvin.'],
      ['received', 'Re: Mittauskäynti', expect.stringMatching(/^Vielä yksi asia\.?$/)],
    ]);
    expect(JSON.stringify(conversation)).not.toContain('alert');
    expect(Object.fromEntries(await keywordsInMailbox())).toEqual({
      '<reply-1@example.fi>': true,
      '<reply-2@example.fi>': true,
      '<spam-1@example.com>': false,
    });

    // A restarted app finds the mailbox flagged: nothing is imported twice.
    await testApp.app.close();
    testApp = await startTestApp(env, { database: testApp.db });
    await new Promise((done) => setTimeout(done, 1_000));
    expect(await receivedCount(leadId)).toBe(2);
  });

  it('should leave a huge or malformed message alone with a log line, and import the next reply', async () => {
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    const leadId = await createLead(testApp, sales);
    const { replyTo } = await messageToCustomer(leadId, 'Tarjouksesi');
    const line = 'Liite tekstinä. '.repeat(64) + '\n';
    await deliverToMailbox(`From: aino.virtanen@example.fi
To: ${replyTo}
Subject: Re: Tarjouksesi
Message-ID: <huge-1@example.fi>
Content-Type: text/plain; charset=utf-8

${line.repeat(Math.ceil(MAX_MESSAGE_BYTES / line.length) + 1)}`);
    await deliverToMailbox(`From: aino.virtanen@example.fi
To: ${replyTo}
Subject: Re: Tarjouksesi
Message-ID: <broken-1@example.fi>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="zzz"

--zzz
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

====
`);
    await deliverToMailbox(`From: aino.virtanen@example.fi
To: ${replyTo}
Subject: Re: Tarjouksesi
Message-ID: <after-1@example.fi>
Content-Type: text/plain; charset=utf-8

Kiitos, tarjous näyttää hyvältä.
`);

    await eventually(async () => expect(await receivedCount(leadId)).toBe(1));
    const received = (await conversationOf(testApp, sales, leadId)).filter(
      (m) => m.direction === 'received',
    );
    expect(received.map((m) => m.body)).toEqual(['Kiitos, tarjous näyttää hyvältä.']);
    const flags = await keywordsInMailbox();
    expect([
      flags.get('<huge-1@example.fi>'),
      flags.get('<broken-1@example.fi>'),
      flags.get('<after-1@example.fi>'),
    ]).toEqual([false, false, true]);
    const logged = warnings.mock.calls.map(([message]) => String(message));
    expect(logged).toContainEqual(expect.stringMatching(/left alone: larger than \d+ bytes/));
    expect(logged).toContainEqual(expect.stringMatching(/left alone: body must not be empty/));
    expect(logged.join('\n')).not.toContain('Liite tekstinä');
    warnings.mockRestore();
  });
});
