import request from 'supertest';
import { useTestApp } from '../support/app-fixture.js';
import { eventCount } from '../support/public-intake.js';

const validMessage = () => ({
  firstName: 'Matti',
  lastName: 'Virtanen',
  email: 'matti@example.fi',
  phone: '040 123 4567',
  message: 'Voisitteko tulla mittaamaan keittiön?',
  source: 'contact_form',
});

describe('POST /api/contact', () => {
  const app = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });

  describe('valid request', () => {
    it('should create a contact_form lead with no door style and zero quantities', async () => {
      const response = await request(app.baseUrl)
        .post('/api/contact')
        .send(validMessage())
        .expect(201);
      expect(response.body).toEqual({ leadId: expect.any(String) });
      const { rows } = await app.db.pool.query<{ type: string; data: Record<string, unknown> }>(
        'select type, data from events where stream_id = $1',
        [`lead-${response.body.leadId}`],
      );
      expect(rows[0].type).toBe('LeadCreated');
      expect(rows[0].data).toMatchObject({
        source: 'contact_form',
        doorStyle: null,
        doors: 0,
        drawers: 0,
        metres: 0,
      });
      expect(JSON.stringify(rows)).not.toContain('Voisitteko');
    });

    it('should accept a single name without phone or message', async () => {
      const response = await request(app.baseUrl).post('/api/contact').send({
        firstName: 'Madonna',
        lastName: '',
        email: 'm@example.fi',
        phone: '',
        message: '',
      });
      expect(response.body).toEqual({ leadId: expect.any(String) });
    });

    it('should answer a retry with the same Idempotency-Key once', async () => {
      // A customer no earlier test sent, so the lead is linked to no earlier one as a duplicate.
      const message = { ...validMessage(), email: 'toisto@example.fi', phone: '040 765 0002' };
      const before = await eventCount(app);
      const first = await request(app.baseUrl)
        .post('/api/contact')
        .set('Idempotency-Key', 'contact-key-01')
        .send(message)
        .expect(201);
      const retry = await request(app.baseUrl)
        .post('/api/contact')
        .set('Idempotency-Key', 'contact-key-01')
        .send(message)
        .expect(201);
      expect(retry.body).toEqual(first.body);
      // One lead, with the company notification.
      expect((await eventCount(app)) - before).toBe(2);
    });
  });

  describe('invalid request', () => {
    it.each([
      ['a missing name', { ...validMessage(), firstName: undefined }, 'firstName'],
      ['a blank name', { ...validMessage(), firstName: '  ' }, 'firstName'],
      ['a missing e-mail', { ...validMessage(), email: undefined }, 'email'],
      ['a bad e-mail', { ...validMessage(), email: 'matti.example.fi' }, 'email'],
      ['a bad phone', { ...validMessage(), phone: 'soita minulle' }, 'phone'],
      ['another source', { ...validMessage(), source: 'manual' }, 'source'],
      ['an unknown field', { ...validMessage(), status: 'new' }, 'status'],
      ['an oversized message', { ...validMessage(), message: 'x'.repeat(5001) }, 'message'],
      ['a number as name', { ...validMessage(), firstName: 42 }, 'firstName'],
    ])('should refuse %s with 400 naming the field and change nothing', async (_, body, field) => {
      const before = await eventCount(app);
      const response = await request(app.baseUrl).post('/api/contact').send(body).expect(400);
      expect(response.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(await eventCount(app)).toBe(before);
    });

    it('should refuse malformed JSON with 400', async () => {
      await request(app.baseUrl)
        .post('/api/contact')
        .set('Content-Type', 'application/json')
        .send('{"firstName": ')
        .expect(400);
    });
  });
});

describe('POST /api/contact rate limit', () => {
  const app = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });

  it('should answer 429 in Finnish once the per-IP limit is used', async () => {
    await request(app.baseUrl).post('/api/contact').send(validMessage()).expect(201);
    await request(app.baseUrl).post('/api/contact').send(validMessage()).expect(201);
    const before = await eventCount(app);
    const refused = await request(app.baseUrl)
      .post('/api/contact')
      .send(validMessage())
      .expect(429);
    expect(refused.body.message).toBe('Liian monta pyyntöä. Odota hetki ja yritä uudelleen.');
    expect(await eventCount(app)).toBe(before);
  });
});
