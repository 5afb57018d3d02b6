import type { WebVitalsSummary } from '#src/contract/analytics.js';
import { useTestApp } from '../support/app-fixture.js';
import { bearer, signInAs } from '../support/staff.js';

/** The rating the `web-vitals` library would send; the server rates by the thresholds itself. */
const ratingOf = (metric: string, value: number) =>
  value <= { LCP: 2500, INP: 200, CLS: 0.1 }[metric]! ? 'good' : 'poor';

describe('Core Web Vitals', () => {
  const stored = async () =>
    Number(
      (await testApp.db.pool.query<{ n: string }>('select count(*) as n from analytics_events'))
        .rows[0].n,
    );
  const sendVital = (
    page: string,
    metric: string,
    value: number,
    rating = ratingOf(metric, value),
  ) =>
    testApp.api
      .post('/api/analytics')
      .send({ event: 'web_vital', page, data: { metric, value, rating } });

  const testApp = useTestApp();
  const manager = testApp.signedIn('manager');

  beforeAll(async () => {
    const sent: [string, string, number][] = [
      ['/', 'LCP', 1000],
      ['/', 'LCP', 2000],
      ['/', 'LCP', 3000],
      ['/', 'LCP', 4000],
      ['/', 'INP', 100],
      ['/', 'INP', 300],
      ['/quote', 'CLS', 0.05],
      ['/quote', 'CLS', 0.1],
      ['/quote', 'CLS', 0.25],
    ];
    for (const [page, metric, value] of sent) await sendVital(page, metric, value).expect(204);
    // A browser's rating is not trusted: this one counts as poor.
    await sendVital('/quote', 'LCP', 9000, 'good').expect(204);
    // Older than 28 days, and not vitals at all: left out of the default table.
    await testApp.db.pool.query(
      `insert into analytics_events (event, page, data, occurred_at) values
         ('web_vital', '/contact', '{"metric":"LCP","value":500,"rating":"good"}', now() - interval '29 days'),
         ('page_view', '/contact', '{}', now())`,
    );
  });

  const vitals = (query: Record<string, string> = {}) =>
    testApp.api.get('/api/admin/analytics/vitals').query(query).set(bearer(manager.token));

  describe('GET /api/admin/analytics/vitals', () => {
    it('should answer the 75th percentile and the share rated good per page and metric over 28 days', async () => {
      const { body } = (await vitals().expect(200)) as { body: WebVitalsSummary };

      expect(Date.parse(body.to) - Date.parse(body.from)).toBe(28 * 24 * 60 * 60 * 1000);
      expect(body.pages).toEqual([
        {
          page: '/',
          vitals: [
            { metric: 'LCP', p75: 3000, goodShare: 0.5, samples: 4 },
            { metric: 'INP', p75: 300, goodShare: 0.5, samples: 2 },
          ],
        },
        {
          page: '/quote',
          vitals: [
            { metric: 'LCP', p75: 9000, goodShare: 0, samples: 1 },
            { metric: 'CLS', p75: 0.25, goodShare: 2 / 3, samples: 3 },
          ],
        },
      ]);
    });

    it('should read the period asked for', async () => {
      const { body } = (await vitals({
        from: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString(),
        to: new Date(Date.now() - 27 * 24 * 60 * 60 * 1000).toISOString(),
      }).expect(200)) as { body: WebVitalsSummary };
      expect(body.pages).toEqual([
        { page: '/contact', vitals: [{ metric: 'LCP', p75: 500, goodShare: 1, samples: 1 }] },
      ]);
    });

    it('should refuse a bad, reversed or too long period with 400', async () => {
      await vitals({ to: 'yesterday' }).expect(400);
      await vitals({ from: '2026-11-22T00:00:00Z', to: '2026-11-20T00:00:00Z' }).expect(400);
      await vitals({ from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }).expect(400);
    });

    it('should answer 403 to a salesperson and 401 to a visitor', async () => {
      const salesperson = await signInAs(testApp, 'salesperson');
      await testApp.api
        .get('/api/admin/analytics/vitals')
        .set(bearer(salesperson.token))
        .expect(403);
      await testApp.api.get('/api/admin/analytics/vitals').expect(401);
    });
  });

  describe('POST /api/analytics with a web vital', () => {
    it.each([
      ['an unknown metric', { metric: 'FID', value: 10, rating: 'good' }, 'data.metric'],
      [
        'a value that is not a number',
        { metric: 'LCP', value: '900', rating: 'good' },
        'data.value',
      ],
      ['a negative value', { metric: 'INP', value: -1, rating: 'good' }, 'data.value'],
      ['a value over ten minutes', { metric: 'LCP', value: 600_001, rating: 'poor' }, 'data.value'],
      ['an unknown rating', { metric: 'CLS', value: 0.01, rating: 'great' }, 'data.rating'],
      [
        'a field more',
        { metric: 'CLS', value: 0.01, rating: 'good', visitor: 'v1' },
        'data.visitor',
      ],
      ['no data', undefined, 'data.metric'],
    ])('should refuse %s with 400 and store nothing', async (_, data, field) => {
      const before = await stored();
      const response = await testApp.api
        .post('/api/analytics')
        .send({ event: 'web_vital', page: '/', data })
        .expect(400);
      expect(response.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(await stored()).toBe(before);
    });
  });
});
