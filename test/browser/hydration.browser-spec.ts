import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import type { TestBrowser } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

const PUBLIC_PATHS = ['/', '/quote', '/visualizer', '/patterns', '/contact', '/legal', '/privacy'];

describe('Hydration of the prerendered pages', () => {
  let testApp: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
  });
  afterAll(() => stopBrowserApp({ testApp, browser }));

  it.each([...PUBLIC_PATHS, '/ei-ole-olemassa'])(
    'should hydrate %s without a console error or warning',
    async (path) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      const url = `${testApp.baseUrl}${path}`;
      page.on('console', (message) => {
        // The browser's own note on the unknown URL's 404 status, which is the point.
        if (message.location().url === url && message.text().includes('status of 404')) return;
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await page.goto(url, { waitUntil: 'networkidle' });
      // Hydrated: React has attached its handlers to the prerendered root.
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__react')),
      );
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('should navigate on the client after hydration', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${testApp.baseUrl}/`, { waitUntil: 'networkidle' });
    const documentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.url());
    });
    await page.getByRole('banner').getByRole('link', { name: 'Mallisto', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Vinyylimallisto' }).waitFor();
    expect(documentRequests).toEqual([]);
    await context.close();
  });
});
