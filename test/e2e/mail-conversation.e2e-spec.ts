import {
  EMAIL_BODY_MAX_LENGTH,
  EMAIL_SUBJECT_MAX_LENGTH,
  NO_SMTP_REASON,
} from '#src/contract/mail.js';
import { errorText } from '../support/error-body.js';
import { conversationOf, createLead, outboxSize } from '../support/mail.js';
import { eventCount } from '../support/public-intake.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

describe('E-mail conversation API', () => {
  const testApp = useTestApp({ env: { COMPANY_EMAIL: 'info@keittiokalvo.fi' } });
  const admin = testApp.signedIn('admin');
  const manager = testApp.signedIn('manager', { firstName: 'Maria', lastName: 'Manager' });
  const sales = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });

  const send = (leadId: string, body: Record<string, unknown>, token = sales.token) =>
    testApp.api.post(`/api/quotes/${leadId}/emails`).set(bearer(token)).send(body);
  const reply = (leadId: string, body: Record<string, unknown>, token = sales.token) =>
    testApp.api.post(`/api/quotes/${leadId}/emails/reply`).set(bearer(token)).send(body);
  const unreadCounts = async (token = sales.token) =>
    (await testApp.api.get('/api/emails/unread-counts').set(bearer(token)).expect(200))
      .body as Record<string, number>;

  describe('access', () => {
    it('should refuse anonymous callers on every endpoint', async () => {
      const leadId = await createLead(testApp, sales.token);
      await testApp.api.get(`/api/quotes/${leadId}/emails`).expect(401);
      await testApp.api.post(`/api/quotes/${leadId}/emails`).send({ body: 'Hei' }).expect(401);
      await testApp.api
        .post(`/api/quotes/${leadId}/emails/reply`)
        .send({ body: 'Hei' })
        .expect(401);
      await testApp.api.get('/api/emails/unread-counts').expect(401);
    });

    it.each([
      ['admin', () => admin.token],
      ['manager', () => manager.token],
      ['salesperson', () => sales.token],
    ])('should let a signed-in %s use every endpoint', async (_role, token) => {
      const leadId = await createLead(testApp, sales.token);
      await send(leadId, { body: 'Hei' }, token()).expect(201);
      await reply(leadId, { body: 'Kiitos' }, token()).expect(201);
      expect((await unreadCounts(token()))[leadId]).toBe(1);
      expect(await conversationOf(testApp, token(), leadId)).toHaveLength(2);
    });
  });

  describe('POST /api/quotes/{id}/emails', () => {
    it('should queue the message from the company mailbox with the default subject', async () => {
      const leadId = await createLead(testApp, sales.token);
      const response = await send(leadId, {
        body: 'Hei Aino,\nsopisiko tiistai?',
        fromEmail: 'INFO@keittiokalvo.fi',
        toEmail: 'aino.virtanen@example.fi',
      }).expect(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        direction: 'sent',
        subject: 'Message from Keittiökalvo',
        body: 'Hei Aino,\nsopisiko tiistai?',
        emailDate: expect.any(String),
        deliveryState: 'not_sent',
        deliveryReason: NO_SMTP_REASON,
        byName: 'Sami Seller',
      });
      expect(await outboxSize(testApp)).toBeGreaterThan(0);
    });

    describe('bad input: a clear 4xx and nothing queued', () => {
      let leadId: string;
      beforeAll(async () => {
        leadId = await createLead(testApp, sales.token);
      });

      it.each([
        ['a missing body', {}, 'body must not be empty'],
        ['an empty body', { body: '   \n ' }, 'body must not be empty'],
        [
          'an over-long body',
          { body: 'x'.repeat(EMAIL_BODY_MAX_LENGTH + 1) },
          `body must be shorter than or equal to ${EMAIL_BODY_MAX_LENGTH} characters`,
        ],
        [
          'an over-long subject',
          { subject: 'x'.repeat(EMAIL_SUBJECT_MAX_LENGTH + 1), body: 'Hei' },
          `subject must be shorter than or equal to ${EMAIL_SUBJECT_MAX_LENGTH} characters`,
        ],
        [
          'a line break in the subject',
          { subject: 'Hei\r\nBcc: victim@example.fi', body: 'Hei' },
          'subject must be one line',
        ],
        [
          'a line break in an address',
          { body: 'Hei', toEmail: 'aino.virtanen@example.fi\r\nBcc: victim@example.fi' },
          'toEmail must be one line',
        ],
        [
          'another sender',
          { body: 'Hei', fromEmail: 'ceo@keittiokalvo.fi' },
          'fromEmail must be the company mailbox',
        ],
        [
          'another recipient',
          { body: 'Hei', toEmail: 'someone.else@example.fi' },
          "toEmail must be the lead's e-mail address",
        ],
        [
          'an unknown field',
          { body: 'Hei', bcc: 'victim@example.fi' },
          'property bcc should not exist',
        ],
      ])('should refuse %s with 400', async (_case, body, message) => {
        const before = await eventCount(testApp);
        const response = await send(leadId, body).expect(400);
        expect(JSON.stringify(response.body.message)).toContain(message);
        expect(await eventCount(testApp)).toBe(before);
      });

      it('should refuse a malformed lead id with 400 and an unknown lead with 404', async () => {
        await send('not-a-uuid', { body: 'Hei' }).expect(400);
        const response = await send('00000000-0000-4000-8000-000000000000', { body: 'Hei' });
        expect(response.text).toBe(errorText(404, 'Not Found', 'Lead not found'));
      });

      it('should refuse a lead in the recycle bin with 409, and an erased one with 404', async () => {
        const trashed = await createLead(testApp, sales.token);
        await testApp.api
          .delete(`/api/quotes/${trashed}/soft`)
          .set(bearer(sales.token))
          .expect(200);
        const before = await eventCount(testApp);
        const refused = await send(trashed, { body: 'Hei' }).expect(409);
        expect(refused.body.message).toBe('The lead is in the recycle bin; restore it first');
        await testApp.api
          .delete(`/api/admin/quotes/${trashed}`)
          .set(bearer(admin.token))
          .expect(204);
        const erasedBefore = await eventCount(testApp);
        await send(trashed, { body: 'Hei' }).expect(404);
        expect(erasedBefore - before).toBe(1);
        expect(await eventCount(testApp)).toBe(erasedBefore);
      });
    });
  });

  describe('POST /api/quotes/{id}/emails/reply', () => {
    it('should record a received message that counts as unread until the conversation is opened', async () => {
      const leadId = await createLead(testApp, sales.token);
      await send(leadId, { subject: 'Tarjous', body: 'Hei' }).expect(201);
      const received = await reply(leadId, {
        subject: 'Re: Tarjous',
        body: 'Kiitos, tiistai sopii.',
        fromEmail: 'aino.virtanen@example.fi',
        toEmail: 'info@keittiokalvo.fi',
        direction: 'received',
      }).expect(201);
      expect(received.body).toMatchObject({
        direction: 'received',
        subject: 'Re: Tarjous',
        body: 'Kiitos, tiistai sopii.',
        byName: 'Sami Seller',
      });
      expect(received.body.deliveryState).toBeUndefined();
      await reply(leadId, { body: 'Vielä yksi asia.' }).expect(201);
      expect((await unreadCounts())[leadId]).toBe(2);

      const conversation = await conversationOf(testApp, manager.token, leadId);
      expect(conversation.map((m) => [m.direction, m.body])).toEqual([
        ['sent', 'Hei'],
        ['received', 'Kiitos, tiistai sopii.'],
        ['received', 'Vielä yksi asia.'],
      ]);
      expect((await unreadCounts())[leadId]).toBeUndefined();

      const history = await testApp.api
        .get(`/api/admin/quotes/${leadId}/history`)
        .set(bearer(sales.token));
      const read = (history.body as { type: string; actorName: string; details: object }[]).find(
        (entry) => entry.type === 'EmailConversationRead',
      );
      expect(read).toMatchObject({ actorName: 'Maria Manager', details: { messagesRead: 2 } });
      // Reading again with nothing new records nothing.
      const before = await eventCount(testApp);
      await conversationOf(testApp, manager.token, leadId);
      expect(await eventCount(testApp)).toBe(before);
    });

    it('should refuse a reply that is not received, or has no body', async () => {
      const leadId = await createLead(testApp, sales.token);
      const before = await eventCount(testApp);
      await reply(leadId, { body: 'Hei', direction: 'sent' }).expect(400);
      await reply(leadId, { subject: 'Hei' }).expect(400);
      await reply(leadId, { body: 'Hei', fromEmail: 'a@example.fi\nBcc: b@example.fi' }).expect(
        400,
      );
      expect(await eventCount(testApp)).toBe(before);
    });
  });

  describe('GET /api/emails/unread-counts', () => {
    it('should leave out leads in the Recycle Bin and count them again once restored', async () => {
      const [kept, binned] = [
        await createLead(testApp, sales.token),
        await createLead(testApp, sales.token),
      ];
      for (const leadId of [kept, binned]) {
        await reply(leadId, { body: 'Kysymys' }).expect(201);
        await reply(leadId, { body: 'Toinen kysymys' }).expect(201);
      }
      expect(await unreadCounts()).toMatchObject({ [kept]: 2, [binned]: 2 });

      await testApp.api.delete(`/api/quotes/${binned}/soft`).set(bearer(sales.token)).expect(200);
      const whileBinned = await unreadCounts();
      expect(whileBinned[kept]).toBe(2);
      expect(whileBinned[binned]).toBeUndefined();

      await testApp.api.post(`/api/quotes/${binned}/restore`).set(bearer(sales.token)).expect(201);
      expect((await unreadCounts())[binned]).toBe(2);
    });

    it('should answer gzipped to clients that take it, and plain text to the rest', async () => {
      const leadId = await createLead(testApp, sales.token);
      await reply(leadId, { body: 'Kysymys' }).expect(201);
      const zipped = await testApp.api
        .get('/api/emails/unread-counts')
        .set(bearer(sales.token))
        .set('Accept-Encoding', 'gzip')
        .expect(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      const plain = await testApp.api
        .get('/api/emails/unread-counts')
        .set(bearer(sales.token))
        .set('Accept-Encoding', 'identity')
        .expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(zipped.body);
      expect(plain.body[leadId]).toBe(1);
    });

    describe('revalidation', () => {
      const countsFor = (token: string, headers: Record<string, string> = {}) =>
        testApp.api.get('/api/emails/unread-counts').set(bearer(token)).set(headers);

      it('should let the browser keep the answer and revalidate it on every call', async () => {
        const answer = await countsFor(sales.token).expect(200);
        expect(answer.headers['cache-control']).toBe('private, no-cache');
        expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
      });

      it('should answer 304 with no body while the counts are the same', async () => {
        const leadId = await createLead(testApp, sales.token);
        await reply(leadId, { body: 'Kysymys' }).expect(201);
        const { etag } = (await countsFor(sales.token).expect(200)).headers;

        const unchanged = await countsFor(sales.token, { 'If-None-Match': etag }).expect(304);
        expect(unchanged.headers.etag).toBe(etag);
        expect(unchanged.headers['cache-control']).toBe('private, no-cache');
        expect(unchanged.text).toBeFalsy();
        // What fetch sends when a script sets the tag itself.
        await countsFor(sales.token, { 'If-None-Match': etag, 'Cache-Control': 'no-cache' }).expect(
          304,
        );
      });

      it('should answer anew with another ETag after a reply, a read, a trash, a restore and an erasure', async () => {
        const leadId = await createLead(testApp, sales.token);
        let etag = (await countsFor(sales.token).expect(200)).headers.etag;
        /** The counts after `change`: a full answer with a tag not seen before. */
        const countAfter = async (change: () => Promise<unknown>) => {
          await change();
          const answer = await countsFor(sales.token, { 'If-None-Match': etag }).expect(200);
          expect(answer.headers.etag).not.toBe(etag);
          etag = answer.headers.etag;
          return (answer.body as Record<string, number>)[leadId];
        };

        expect(await countAfter(() => reply(leadId, { body: 'Kysymys' }).expect(201))).toBe(1);
        expect(await countAfter(() => reply(leadId, { body: 'Toinen' }).expect(201))).toBe(2);
        expect(
          await countAfter(() => conversationOf(testApp, sales.token, leadId)),
        ).toBeUndefined();
        expect(await countAfter(() => reply(leadId, { body: 'Kolmas' }).expect(201))).toBe(1);
        const trash = () =>
          testApp.api.delete(`/api/quotes/${leadId}/soft`).set(bearer(sales.token));
        expect(await countAfter(() => trash().expect(200))).toBeUndefined();
        const restore = () =>
          testApp.api.post(`/api/quotes/${leadId}/restore`).set(bearer(sales.token));
        expect(await countAfter(() => restore().expect(201))).toBe(1);
        const erase = async () => {
          await trash().expect(200);
          await testApp.api
            .delete(`/api/admin/quotes/${leadId}`)
            .set(bearer(admin.token))
            .expect(204);
        };
        expect(await countAfter(erase)).toBeUndefined();
      });

      it('should give every role the same answer and tag, and each encoding its own tag', async () => {
        const leadId = await createLead(testApp, sales.token);
        await reply(leadId, { body: 'Kysymys' }).expect(201);
        const zipped = await countsFor(sales.token, { 'Accept-Encoding': 'gzip' }).expect(200);
        for (const token of [admin.token, manager.token]) {
          const theirs = await countsFor(token, { 'Accept-Encoding': 'gzip' }).expect(200);
          expect(theirs.headers.etag).toBe(zipped.headers.etag);
          expect(theirs.body).toEqual(zipped.body);
          await countsFor(token, { 'If-None-Match': zipped.headers.etag }).expect(304);
        }

        const plain = await countsFor(sales.token, {
          'Accept-Encoding': 'identity',
          'If-None-Match': zipped.headers.etag,
        }).expect(200);
        expect(plain.headers.etag).not.toBe(zipped.headers.etag);
        await countsFor(sales.token, {
          'Accept-Encoding': 'identity',
          'If-None-Match': plain.headers.etag,
        }).expect(304);
      });

      it('should check the sign-in before the tag', async () => {
        const { etag } = (await countsFor(sales.token).expect(200)).headers;
        await testApp.api.get('/api/emails/unread-counts').set('If-None-Match', etag).expect(401);
        await testApp.api
          .get('/api/emails/unread-counts')
          .set('Authorization', 'Bearer not-a-token')
          .set('If-None-Match', etag)
          .expect(401);
      });
    });

    it('should leave out a lead erased from the Recycle Bin', async () => {
      const leadId = await createLead(testApp, sales.token);
      await reply(leadId, { body: 'Kysymys' }).expect(201);
      await testApp.api.delete(`/api/quotes/${leadId}/soft`).set(bearer(sales.token)).expect(200);
      await testApp.api.delete(`/api/admin/quotes/${leadId}`).set(bearer(admin.token)).expect(204);
      expect((await unreadCounts())[leadId]).toBeUndefined();
      const rows = await testApp.db.pool.query(
        'select 1 from mail_unread_counts where lead_id = $1',
        [leadId],
      );
      expect(rows.rowCount).toBe(0);
    });

    it('should keep no row for a lead whose messages were all read', async () => {
      const leadId = await createLead(testApp, sales.token);
      await reply(leadId, { body: 'Kysymys' }).expect(201);
      await conversationOf(testApp, sales.token, leadId);
      const rows = await testApp.db.pool.query(
        'select 1 from mail_unread_counts where lead_id = $1',
        [leadId],
      );
      expect(rows.rowCount).toBe(0);
    });
  });

  describe('GET /api/quotes/{id}/emails', () => {
    it('should answer 404 for an unknown lead and 400 for a malformed id', async () => {
      await testApp.api
        .get('/api/quotes/00000000-0000-4000-8000-000000000000/emails')
        .set(bearer(sales.token))
        .expect(404);
      await testApp.api.get('/api/quotes/123/emails').set(bearer(sales.token)).expect(400);
    });
  });

  describe('erasing the lead', () => {
    it('should erase its mail: unsent messages leave the outbox, bodies become unreadable', async () => {
      const leadId = await createLead(testApp, sales.token);
      const sent = await send(leadId, { body: 'Salainen tarjous' }).expect(201);
      await reply(leadId, { body: 'Salainen vastaus' }).expect(201);
      const queued = await testApp.db.pool.query(
        'select 1 from mail_outbox where message_id = $1',
        [sent.body.id],
      );
      expect(queued.rowCount).toBe(1);

      await testApp.api.delete(`/api/quotes/${leadId}/soft`).set(bearer(sales.token)).expect(200);
      await testApp.api.delete(`/api/admin/quotes/${leadId}`).set(bearer(admin.token)).expect(204);

      const left = await testApp.db.pool.query('select 1 from mail_outbox where lead_id = $1', [
        leadId,
      ]);
      expect(left.rowCount).toBe(0);
      expect((await unreadCounts())[leadId]).toBeUndefined();
      const stored = await testApp.db.pool.query<{ data: unknown }>(
        `select data from events where stream_id = $1`,
        [`mail-${leadId}`],
      );
      expect(stored.rows).toHaveLength(2);
      expect(JSON.stringify(stored.rows)).not.toContain('Salainen');
      const history = await testApp.api
        .get(`/api/admin/quotes/${leadId}/history`)
        .set(bearer(admin.token));
      const mailEntries = (
        history.body as { type: string; details: { subject?: unknown } }[]
      ).filter((e) => e.type === 'EmailQueued' || e.type === 'EmailReceived');
      expect(mailEntries.map((e) => e.details.subject)).toEqual([null, null]);
    });
  });
});
