import { useAdminBrowser } from '../support/admin-browser.js';
import { waitForHydration } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

const PAGE = '/contact';
const METRICS = ['LCP', 'INP', 'CLS'];

/** The values a page's views reported, by metric, once each metric has arrived. */
async function reportedVitals(testApp: TestApp, page: string): Promise<Map<string, number>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await testApp.db.pool.query<{ metric: string; value: number }>(
      `select data->>'metric' as metric, (data->>'value')::float8 as value
       from analytics_events where event = 'web_vital' and page = $1`,
      [page],
    );
    const vitals = new Map(rows.map(({ metric, value }) => [metric, value]));
    if (METRICS.every((metric) => vitals.has(metric))) return vitals;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${page} did not report ${METRICS.join(', ')}`);
}

describe('Core Web Vitals from a visit to the admin', () => {
  const admin = useAdminBrowser({ role: 'admin' });

  it("should show a public page's LCP, INP and CLS in the vitals table after a real visit", async () => {
    // A visitor of their own: no admin token, a phone's screen.
    const visitor = await admin.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await visitor.newPage();
    await page.goto(`${admin.testApp.baseUrl}${PAGE}`);
    await waitForHydration(page);
    // An interaction to measure (INP): sending the empty form shows its validation messages.
    await page.getByRole('button', { name: 'Lähetä viesti' }).tap();
    await page.getByText('Pakollinen tieto').first().waitFor();
    // Hiding the page makes the library report its final values.
    await page.goto('about:blank');
    const vitals = await reportedVitals(admin.testApp, PAGE);
    await visitor.close();

    await admin.openAdmin('overview');
    const row = admin.page.getByTestId('web-vitals-row').filter({ hasText: PAGE });
    await row.waitFor();
    const cell = (metric: string) => row.locator(`[data-column="${metric}"]`);
    for (const metric of METRICS)
      await cell(metric)
        .getByText(/· 1 view$/)
        .waitFor();
    // One view: its own value is the 75th percentile, in the table's units.
    const decimals = (digits: number) =>
      new Intl.NumberFormat('fi-FI', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    expect(await cell('LCP').textContent()).toContain(
      `${decimals(1).format(vitals.get('LCP')! / 1000)} s`,
    );
    expect(await cell('INP').textContent()).toContain(
      `${decimals(0).format(vitals.get('INP')!)} ms`,
    );
    expect(await cell('CLS').textContent()).toContain(decimals(2).format(vitals.get('CLS')!));
  });
});
