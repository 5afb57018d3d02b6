import request from 'supertest';
import { useTestApp } from '../support/app-fixture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('POST /api/analytics', () => {
  const testApp = useTestApp();

  const stored = async () =>
    (
      await testApp.db.pool.query<{ event: string; page: string; data: unknown }>(
        'select event, page, data from analytics_events order by id',
      )
    ).rows;

  describe('valid event', () => {
    it('should store event, path and data without setting a cookie', async () => {
      const response = await request(testApp.baseUrl)
        .post('/api/analytics')
        .send({ event: 'quote_submitted', page: '/quote?utm=x#top', data: { totalPrice: 1270 } })
        .expect(204);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await stored()).toContainEqual({
        event: 'quote_submitted',
        page: '/quote',
        data: { totalPrice: 1270 },
      });
    });

    it('should store a page view without data', async () => {
      await request(testApp.baseUrl)
        .post('/api/analytics')
        .send({ event: 'page_view', page: '/contact' })
        .expect(204);
      expect(await stored()).toContainEqual({ event: 'page_view', page: '/contact', data: {} });
    });
  });

  describe('invalid event', () => {
    it.each([
      ['a missing event', { page: '/' }, 'event'],
      ['a bad event name', { event: 'Drop Table', page: '/' }, 'event'],
      ['a page that is not a path', { event: 'page_view', page: 'https://evil.example' }, 'page'],
      ['data that is not an object', { event: 'page_view', page: '/', data: 'x' }, 'data'],
      ['data over 4 kB', { event: 'page_view', page: '/', data: { x: 'y'.repeat(5000) } }, 'data'],
      ['an e-mail in data', { event: 'page_view', page: '/', data: { who: 'a@b.fi' } }, 'data'],
      ['an unknown field', { event: 'page_view', page: '/', userId: 'u1' }, 'userId'],
    ])('should refuse %s with 400 and store nothing', async (_, body, field) => {
      const before = (await stored()).length;
      const response = await request(testApp.baseUrl).post('/api/analytics').send(body).expect(400);
      expect(response.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect((await stored()).length).toBe(before);
    });

    it('should refuse malformed JSON with 400', async () => {
      await request(testApp.baseUrl)
        .post('/api/analytics')
        .set('Content-Type', 'application/json')
        .send('{"event":')
        .expect(400);
    });
  });

  describe('rate limit', () => {
    it('should answer 429 after 120 events a minute from one IP', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 125; i++) {
        const response = await request(testApp.baseUrl)
          .post('/api/analytics')
          .send({ event: 'page_view', page: '/' });
        statuses.push(response.status);
      }
      expect(statuses).toContain(429);
      expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(120);
    });
  });
});

describe('GET /api/site-config', () => {
  let testApp: TestApp;
  afterEach(async () => {
    await testApp.close();
  });

  it('should give the company contact details and no pixel when none is configured', async () => {
    testApp = await startTestApp({ COMPANY_PHONE: '+358 9 000 111', META_PIXEL_ID: '' });
    const response = await request(testApp.baseUrl).get('/api/site-config').expect(200);
    expect(response.body).toMatchObject({
      phone: '+358 9 000 111',
      email: expect.any(String),
      serviceArea: 'Uusimaa',
      metaPixelId: null,
    });
  });

  it('should give the pixel id when configured', async () => {
    testApp = await startTestApp({ META_PIXEL_ID: '1234567890' });
    const response = await request(testApp.baseUrl).get('/api/site-config').expect(200);
    expect(response.body.metaPixelId).toBe('1234567890');
  });
});
