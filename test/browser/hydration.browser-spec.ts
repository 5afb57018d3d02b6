import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserApp } from '../support/browser-app.js';
import { waitForHydration } from '../support/browser.js';

const PUBLIC_PATHS = ['/', '/quote', '/visualizer', '/patterns', '/contact', '/legal', '/privacy'];

/** A page's own chunk, which the app loads with the page before it hydrates it. */
const pageChunk = (name: string) => `**/assets/${name}-*.js`;

const isHydrated = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.querySelector('main')!.firstElementChild!).some((key) =>
      key.startsWith('__react'),
    ),
  );

/** Holds a chunk of the app back until the returned function is called. */
async function holdChunk(context: BrowserContext, name: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(pageChunk(name), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every page also fails on a console error or warning, React's hydration warnings among them. */
describe('Hydration of the prerendered pages', () => {
  const app = useBrowserApp();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await app.newContext();
    page = await context.newPage();
  });

  it.each([...PUBLIC_PATHS, '/ei-ole-olemassa'])(
    'should hydrate %s as it loads, without any input, and without a console error or warning',
    async (path) => {
      await page.goto(`${app.testApp.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelector('main')?.firstElementChild);
      await waitForHydration(page);
      expect(await isHydrated(page)).toBe(true);
    },
  );

  it.each(PUBLIC_PATHS)(
    'should not move the layout of %s on a phone while it loads and hydrates',
    async (path) => {
      const phone = await app.newPage({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await phone.goto(`${app.testApp.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await waitForHydration(phone);
      // Markup that differs after hydration (a client-only branch) moves what is below it.
      const shift = await phone.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) =>
              resolve(
                list
                  .getEntries()
                  .reduce(
                    (sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value,
                    0,
                  ),
              ),
            ).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(0), 500);
          }),
      );
      // Lighthouse's target for the public pages (docs/decisions/0028-public-speed-findings.md).
      expect(shift).toBeLessThanOrEqual(0.02);
    },
  );

  it.each(PUBLIC_PATHS)(
    'should name in the HTML of %s every script it needs to hydrate, so none is found late',
    async (path) => {
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
      });
      const response = await page.goto(`${app.testApp.baseUrl}${path}`, { waitUntil: 'load' });
      await waitForHydration(page);
      const named = new Set(
        [
          ...(await response!.text()).matchAll(
            /<(?:link rel="modulepreload"|script)[^>]* (?:href|src)="([^"]+)"/g,
          ),
        ].map(([, href]) => href),
      );
      // The vitals library is its own chunk, asked for after the page is on screen (0105).
      const late = fetched.filter((script) => !named.has(script) && !script.includes('web-vitals'));
      expect(fetched.length).toBeGreaterThan(2);
      expect(late).toEqual([]);
    },
  );

  it('should hydrate the visualizer of a returning visitor who has used renders', async () => {
    await context.addInitScript(() => {
      localStorage.setItem('visualizer-generations-total', '2');
      localStorage.setItem('cookie-consent', 'necessary');
    });
    await page.goto(`${app.testApp.baseUrl}/visualizer`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByText('Ilmaisia visualisointeja jäljellä: 1/3').waitFor();
  });

  it('should navigate on the client after hydration', async () => {
    await page.goto(`${app.testApp.baseUrl}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const documentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.url());
    });
    await page.getByRole('banner').getByRole('link', { name: 'Mallisto', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Vinyylimallisto' }).waitFor();
    expect(documentRequests).toEqual([]);
  });

  it('should follow a link tapped before the app has loaded as an ordinary link', async () => {
    await holdChunk(context, 'index');
    // The held entry script holds back the document's load as well.
    await page.goto(`${app.testApp.baseUrl}/`, { waitUntil: 'commit' });
    await page.getByRole('banner').getByRole('link', { name: 'Mallisto', exact: true }).click();
    await page.waitForURL('**/patterns', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Vinyylimallisto' }).waitFor();
  });

  it('should act on a tap made before the app has loaded once it has', async () => {
    const release = await holdChunk(context, 'QuotePage');
    await page.goto(`${app.testApp.baseUrl}/quote`, { waitUntil: 'load' });
    const style = page.getByRole('radio', { name: /Uritettu/ });
    await style.click();
    expect(await style.getAttribute('aria-checked')).toBe('false');
    release();
    await waitForHydration(page);
    await page.waitForFunction(
      () => document.querySelector('[role="radio"][aria-checked="true"]')?.textContent,
    );
    expect(await style.getAttribute('aria-checked')).toBe('true');
  });

  it('should keep what was typed before the app loaded in the form it sends', async () => {
    const release = await holdChunk(context, 'ContactPage');
    await page.goto(`${app.testApp.baseUrl}/contact`, { waitUntil: 'load' });
    await page.evaluate(() => localStorage.setItem('cookie-consent', 'necessary'));
    await page.getByLabel('Nimi').fill('Aino Aikainen');
    await page.getByLabel('Sähköposti').fill('aino@example.fi');
    await page.getByLabel('Viesti').fill('Kirjoitettu ennen latausta.');
    release();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Lähetä viesti' }).click();
    await page.getByTestId('toast').getByText('Viesti lähetetty!').waitFor();
    const { rows } = await app.testApp.db.pool.query(
      "select data from events where type = 'LeadCreated' and data->>'source' = 'contact_form'",
    );
    expect(rows).toHaveLength(1);
  });
});
