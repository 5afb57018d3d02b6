import type { AnalyticsSummary } from '#src/contract/analytics.js';
import { useTestApp } from '../support/app-fixture.js';
import { bearer, signInAs } from '../support/staff.js';

describe('GET /api/admin/analytics/summary', () => {
  const testApp = useTestApp();
  const manager = testApp.signedIn('manager');

  beforeAll(async () => {
    const track = (event: string, page: string) =>
      testApp.api.post('/api/analytics').send({ event, page }).expect(204);
    await track('page_view', '/');
    await track('page_view', '/');
    await track('page_view', '/visualizer');
    await track('visualization_completed', '/visualizer');
    await track('quote_submitted', '/quote');
    // Earlier visits at fixed moments: 22:30 UTC on 20 November is already the 21st in Helsinki.
    await testApp.db.pool.query(
      `insert into analytics_events (event, page, occurred_at) values
         ('page_view', '/patterns', '2026-11-20T21:30:00Z'),
         ('page_view', '/patterns', '2026-11-20T22:30:00Z'),
         ('page_view', '/patterns', '2026-11-21T10:00:00Z'),
         ('quote_submitted', '/quote', '2026-11-21T10:05:00Z')`,
    );
  });

  const summary = (query: Record<string, string> = {}) =>
    testApp.api.get('/api/admin/analytics/summary').query(query).set(bearer(manager.token));

  it('should count page views per page and day and the funnel of the last 30 days', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(
      new Date(),
    );
    const { body } = (await summary().expect(200)) as { body: AnalyticsSummary };
    expect(body.pageViews.filter((row) => row.day === today)).toEqual([
      { day: today, page: '/', views: 2 },
      { day: today, page: '/visualizer', views: 1 },
    ]);
    expect(body.funnel).toEqual([
      { step: 'visit', label: 'Visits', count: expect.any(Number) },
      { step: 'visualizer', label: 'Visualizations', count: 1 },
      { step: 'quote', label: 'Quotes', count: expect.any(Number) },
    ]);
  });

  it('should count days in the company’s time zone within the period asked', async () => {
    const { body } = (await summary({
      from: '2026-11-20T00:00:00Z',
      to: '2026-11-22T00:00:00Z',
    }).expect(200)) as { body: AnalyticsSummary };
    expect(body.pageViews).toEqual([
      { day: '2026-11-20', page: '/patterns', views: 1 },
      { day: '2026-11-21', page: '/patterns', views: 2 },
    ]);
    expect(body.funnel.map((step) => step.count)).toEqual([3, 0, 1]);
  });

  it('should refuse a bad or reversed or too long period with 400', async () => {
    await summary({ from: 'last week' }).expect(400);
    await summary({ from: '2026-11-22T00:00:00Z', to: '2026-11-20T00:00:00Z' }).expect(400);
    await summary({ from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }).expect(400);
  });

  it('should answer 403 to a salesperson', async () => {
    const salesperson = await signInAs(testApp, 'salesperson');
    await testApp.api
      .get('/api/admin/analytics/summary')
      .set(bearer(salesperson.token))
      .expect(403);
  });
});
