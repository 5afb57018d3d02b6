import { gzipSync } from 'node:zlib';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import type { TestBrowser } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Gzip kB (1000 bytes) of every script a first-time visitor's browser fetches on the home page
 * until the network is idle: entry, shared chunks, and whatever loads after hydration (the
 * cookie banner). React 19's client (68 kB) and MUI's styling runtime (38 kB) are most of it.
 */
const HOME_SCRIPT_BUDGET_KB = 150;

describe('JavaScript budget', () => {
  let testApp: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
  });
  afterAll(() => stopBrowserApp({ testApp, browser }));

  it('should keep the scripts of the home page within the budget', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    });
    await page.goto(`${testApp.baseUrl}/`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(
      [...sizes].map(async ([url, size]) => ({ url, kB: (await size) / 1000 })),
    );
    await context.close();

    const totalKb = scripts.reduce((sum, script) => sum + script.kB, 0);
    expect(scripts.length).toBeGreaterThan(1);
    if (totalKb > HOME_SCRIPT_BUDGET_KB) {
      const list = scripts.map(({ url, kB }) => `${kB.toFixed(1)} kB ${url}`).join('\n');
      throw new Error(
        `Home page scripts: ${totalKb.toFixed(1)} kB gzip, budget ${HOME_SCRIPT_BUDGET_KB} kB\n${list}`,
      );
    }
  });
});
