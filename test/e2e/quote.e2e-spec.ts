import request from 'supertest';
import { useTestApp } from '../support/app-fixture.js';
import { IdempotencyRetention } from '#src/modules/quotes/intake/idempotency-retention.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import { eventCount, validQuote } from '../support/public-intake.js';
import { issueVisitorCookie } from '../support/visitor-cookie.js';

describe('POST /api/quote', () => {
  const app = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });

  describe('valid request', () => {
    it('should price the quote on the server and create a quote lead', async () => {
      const visitor = issueVisitorCookie(app);
      const response = await request(app.baseUrl)
        .post('/api/quote')
        .set('Cookie', visitor.cookie)
        .send({ ...validQuote(), patternId: 'AG20' })
        .expect(201);
      // 8 × 95 + 75 + 140 + 290 = 1265 → 1270
      expect(response.body).toEqual({
        totalPrice: 1270,
        doorStyle: 'Uritettu',
        doors: 8,
        drawers: 1,
        metres: 1,
        leadId: expect.any(String),
      });
      const { rows } = await app.db.pool.query<{ type: string; data: Record<string, unknown> }>(
        'select type, data from events where stream_id = $1 order by stream_version',
        [`lead-${response.body.leadId}`],
      );
      expect(rows[0].type).toBe('LeadCreated');
      expect(rows[0].data).toMatchObject({
        source: 'quote',
        doorStyle: 'Uritettu',
        totalPrice: 1270,
        priceListVersion: '2025-01',
        patternId: 'AG20',
      });
      expect(rows[0].data.lineItems).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'doors', total: 760 })]),
      );
      // Personal data never sits in the clear in the log; the visitor id is sealed with it.
      expect(JSON.stringify(rows)).not.toContain('maija@example.fi');
      expect(JSON.stringify(rows)).not.toContain(visitor.visitorId);
      const [created] = await app.app.get(EventStore).readStream(`lead-${response.body.leadId}`);
      expect(created.personalData).toMatchObject({ visitorId: visitor.visitorId });
    });

    it('should quote the 950 € minimum for a worktop-only request', async () => {
      const response = await request(app.baseUrl)
        .post('/api/quote')
        .send({ ...validQuote(), doors: 0, drawers: 0, metres: 2 })
        .expect(201);
      expect(response.body.totalPrice).toBe(950);
    });

    it('should ignore a visitor cookie whose signature does not match', async () => {
      const { visitorId } = issueVisitorCookie(app);
      const response = await request(app.baseUrl)
        .post('/api/quote')
        .set('Cookie', `visitor=${visitorId}.forged-signature`)
        .send(validQuote())
        .expect(201);
      const [created] = await app.app.get(EventStore).readStream(`lead-${response.body.leadId}`);
      expect(created.personalData).not.toHaveProperty('visitorId');
      expect(created.data).not.toHaveProperty('visitorId');
    });
  });

  describe('Idempotency-Key', () => {
    it('should answer a retry with the first answer and create one lead', async () => {
      // A customer no earlier test sent, so the lead is linked to no earlier one as a duplicate.
      const quote = validQuote();
      quote.customer = { ...quote.customer, email: 'toisto@example.fi', phone: '+358 40 765 0001' };
      const before = await eventCount(app);
      const first = await request(app.baseUrl)
        .post('/api/quote')
        .set('Idempotency-Key', 'retry-key-0001')
        .send(quote)
        .expect(201);
      const retry = await request(app.baseUrl)
        .post('/api/quote')
        .set('Idempotency-Key', 'retry-key-0001')
        .send(quote)
        .expect(201);
      expect(retry.body).toEqual(first.body);
      // One lead, with its quote e-mail and the company notification.
      expect((await eventCount(app)) - before).toBe(3);
    });

    it('should forget keys after a day', async () => {
      await request(app.baseUrl)
        .post('/api/quote')
        .set('Idempotency-Key', 'old-key-0001')
        .send(validQuote())
        .expect(201);
      await app.db.pool.query(
        "update public_submissions set created_at = now() - interval '25 hours' where idempotency_key = 'old-key-0001'",
      );
      await app.app.get(IdempotencyRetention).purge();
      const { rows } = await app.db.pool.query(
        'select idempotency_key from public_submissions order by idempotency_key',
      );
      expect(rows.map((row) => row.idempotency_key)).toEqual(['retry-key-0001']);
    });

    it('should refuse the same key for a different request', async () => {
      await request(app.baseUrl)
        .post('/api/quote')
        .set('Idempotency-Key', 'retry-key-0002')
        .send(validQuote())
        .expect(201);
      await request(app.baseUrl)
        .post('/api/quote')
        .set('Idempotency-Key', 'retry-key-0002')
        .send({ ...validQuote(), doors: 9 })
        .expect(409)
        .expect(({ body }) => expect(body.message).toMatch(/Idempotency-Key.*jo käytetty/));
    });
  });

  describe('invalid request', () => {
    const customer = validQuote().customer;
    it.each([
      ['a client price', { ...validQuote(), totalPrice: 1 }, 'totalPrice'],
      ['a status', { ...validQuote(), status: 'closed' }, 'status'],
      ['an id', { ...validQuote(), id: 'x' }, 'id'],
      ['an unknown field', { ...validQuote(), discount: 50 }, 'discount'],
      [
        'an unknown customer field',
        { ...validQuote(), customer: { ...customer, vip: true } },
        'customer.vip',
      ],
      ['an unknown door style', { ...validQuote(), doorStyle: 'Lasiovi' }, 'doorStyle'],
      ['a missing door style', { ...validQuote(), doorStyle: undefined }, 'doorStyle'],
      ['fractional doors', { ...validQuote(), doors: 1.5 }, 'doors'],
      ['negative drawers', { ...validQuote(), drawers: -1 }, 'drawers'],
      ['1000 doors', { ...validQuote(), doors: 1000 }, 'doors'],
      ['doors as text', { ...validQuote(), doors: '5' }, 'doors'],
      ['101 metres', { ...validQuote(), metres: 101 }, 'metres'],
      ['all zero quantities', { ...validQuote(), doors: 0, drawers: 0, metres: 0 }, 'doors'],
      ['a missing customer', { ...validQuote(), customer: undefined }, 'customer'],
      [
        'a bad e-mail',
        { ...validQuote(), customer: { ...customer, email: 'maija@' } },
        'customer.email',
      ],
      [
        'a blank first name',
        { ...validQuote(), customer: { ...customer, firstName: '   ' } },
        'customer.firstName',
      ],
      [
        'a missing last name',
        { ...validQuote(), customer: { ...customer, lastName: undefined } },
        'customer.lastName',
      ],
      [
        'a blank address',
        { ...validQuote(), customer: { ...customer, address: '' } },
        'customer.address',
      ],
      [
        'a missing city',
        { ...validQuote(), customer: { ...customer, city: undefined } },
        'customer.city',
      ],
      [
        'a missing phone',
        { ...validQuote(), customer: { ...customer, phone: ' ' } },
        'customer.phone',
      ],
      [
        'a bad country',
        { ...validQuote(), customer: { ...customer, country: 'Finland' } },
        'customer.country',
      ],
      [
        'an oversized message',
        { ...validQuote(), customer: { ...customer, message: 'x'.repeat(5001) } },
        'customer.message',
      ],
      [
        'an oversized name',
        { ...validQuote(), customer: { ...customer, firstName: 'x'.repeat(101) } },
        'customer.firstName',
      ],
      ['a bad pattern code', { ...validQuote(), patternId: '../../etc' }, 'patternId'],
    ])('should refuse %s with 400 naming the field and change nothing', async (_, body, field) => {
      const before = await eventCount(app);
      const response = await request(app.baseUrl).post('/api/quote').send(body).expect(400);
      expect(response.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(await eventCount(app)).toBe(before);
    });

    it('should refuse malformed JSON with 400', async () => {
      await request(app.baseUrl)
        .post('/api/quote')
        .set('Content-Type', 'application/json')
        .send('{"doorStyle": "Uritettu",')
        .expect(400);
    });

    it('should refuse a body over 100 kB', async () => {
      const response = await request(app.baseUrl)
        .post('/api/quote')
        .send({ ...validQuote(), customer: { ...customer, message: 'x'.repeat(120_000) } });
      expect([400, 413]).toContain(response.status);
    });

    it('should refuse a malformed Idempotency-Key', async () => {
      const before = await eventCount(app);
      await request(app.baseUrl)
        .post('/api/quote')
        .set('Idempotency-Key', 'bad key!')
        .send(validQuote())
        .expect(400);
      expect(await eventCount(app)).toBe(before);
    });
  });
});

describe('POST /api/quote rate limit', () => {
  const app = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });

  it('should answer 429 in Finnish after RATE_LIMIT_PER_MINUTE quotes from one IP', async () => {
    for (let i = 0; i < 3; i++) {
      await request(app.baseUrl).post('/api/quote').send(validQuote()).expect(201);
    }
    const before = await eventCount(app);
    const refused = await request(app.baseUrl).post('/api/quote').send(validQuote()).expect(429);
    expect(refused.body.message).toBe('Liian monta pyyntöä. Odota hetki ja yritä uudelleen.');
    expect(await eventCount(app)).toBe(before);
  });
});
