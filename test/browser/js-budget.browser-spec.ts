import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import { waitForHydration, type TestBrowser } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Gzip kB (1000 bytes) of every script a first-time visitor's browser fetches on the home page
 * until the network is idle, before the visitor does anything: the prerendered page is complete
 * without the app, whose code loads at the first sign of use.
 */
const HOME_SCRIPT_BUDGET_KB = 90;

/**
 * Everything the home page has fetched once it has become interactive after the first intent:
 * React 19's client (68 kB) and MUI's styling runtime (38 kB) are most of it.
 */
const INTERACTIVE_HOME_SCRIPT_BUDGET_KB = 155;

interface Script {
  url: string;
  kB: number;
}

/** Records the gzip size of every script the page fetches; read it with the returned function. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.set(
      response.url(),
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });
  return () =>
    Promise.all([...sizes].map(async ([url, size]) => ({ url, kB: (await size) / 1000 })));
}

function expectWithin(scripts: Script[], budgetKb: number, what: string): void {
  const totalKb = scripts.reduce((sum, script) => sum + script.kB, 0);
  if (totalKb > budgetKb) {
    const list = scripts.map(({ url, kB }) => `${kB.toFixed(1)} kB ${url}`).join('\n');
    throw new Error(`${what}: ${totalKb.toFixed(1)} kB gzip, budget ${budgetKb} kB\n${list}`);
  }
}

describe('JavaScript budget', () => {
  let testApp: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
  });
  afterAll(() => stopBrowserApp({ testApp, browser }));

  it('should keep the scripts of the home page until network idle within the budget', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${testApp.baseUrl}/`, { waitUntil: 'networkidle' });
    const fetched = await scripts();
    await context.close();

    expect(fetched.length).toBeGreaterThan(0);
    expectWithin(fetched, HOME_SCRIPT_BUDGET_KB, 'Home page scripts until network idle');
  });

  it('should keep what the home page needs to become interactive within its budget', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${testApp.baseUrl}/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // The cookie banner's chunk loads after hydration for a visitor who has not chosen yet.
    await page.getByTestId('cookie-banner').waitFor();
    const fetched = await scripts();
    await context.close();

    expect(fetched.length).toBeGreaterThan(3);
    expectWithin(fetched, INTERACTIVE_HOME_SCRIPT_BUDGET_KB, 'Interactive home page scripts');
  });
});
