import type { BrowserContext, Page } from 'playwright-core';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import { waitForHydration, type TestBrowser } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

const PUBLIC_PATHS = ['/', '/quote', '/visualizer', '/patterns', '/contact', '/legal', '/privacy'];

/** A page's own chunk, which the app loads with the page before it hydrates it. */
const pageChunk = (name: string) => `**/assets/${name}-*.js`;

const isHydrated = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.querySelector('main')!.firstElementChild!).some((key) =>
      key.startsWith('__react'),
    ),
  );

/** Console errors and warnings of a page (React's hydration warnings among them), and uncaught errors. */
function collectProblems(page: Page, url: string): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The browser's own note on the unknown URL's 404 status, which is the point.
    if (message.location().url === url && message.text().includes('status of 404')) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

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

describe('Hydration of the prerendered pages', () => {
  let testApp: TestApp;
  let browser: TestBrowser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
  });
  afterAll(() => stopBrowserApp({ testApp, browser }));
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it.each([...PUBLIC_PATHS, '/ei-ole-olemassa'])(
    'should hydrate %s as it loads, without any input, and without a console error or warning',
    async (path) => {
      const url = `${testApp.baseUrl}${path}`;
      const problems = collectProblems(page, url);
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelector('main')?.firstElementChild);
      await waitForHydration(page);
      expect(await isHydrated(page)).toBe(true);
      expect(problems).toEqual([]);
    },
  );

  it('should hydrate the visualizer of a returning visitor who has used renders', async () => {
    await context.addInitScript(() => {
      localStorage.setItem('visualizer-generations-total', '2');
      localStorage.setItem('cookie-consent', 'necessary');
    });
    const url = `${testApp.baseUrl}/visualizer`;
    const problems = collectProblems(page, url);
    await page.goto(url, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.getByText('Ilmaisia visualisointeja jäljellä: 1/3').waitFor();
    expect(problems).toEqual([]);
  });

  it('should navigate on the client after hydration', async () => {
    await page.goto(`${testApp.baseUrl}/`, { waitUntil: 'networkidle' });
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
    await page.goto(`${testApp.baseUrl}/`, { waitUntil: 'commit' });
    await page.getByRole('banner').getByRole('link', { name: 'Mallisto', exact: true }).click();
    await page.waitForURL('**/patterns', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Vinyylimallisto' }).waitFor();
  });

  it('should act on a tap made before the app has loaded once it has', async () => {
    const release = await holdChunk(context, 'QuotePage');
    await page.goto(`${testApp.baseUrl}/quote`, { waitUntil: 'load' });
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
    await page.goto(`${testApp.baseUrl}/contact`, { waitUntil: 'load' });
    await page.evaluate(() => localStorage.setItem('cookie-consent', 'necessary'));
    await page.getByLabel('Nimi').fill('Aino Aikainen');
    await page.getByLabel('Sähköposti').fill('aino@example.fi');
    await page.getByLabel('Viesti').fill('Kirjoitettu ennen latausta.');
    release();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Lähetä viesti' }).click();
    await page.getByTestId('toast').getByText('Viesti lähetetty!').waitFor();
    const { rows } = await testApp.db.pool.query(
      "select data from events where type = 'LeadCreated' and data->>'source' = 'contact_form'",
    );
    expect(rows).toHaveLength(1);
  });
});
