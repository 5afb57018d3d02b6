import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { useBrowserApp } from '../support/browser-app.js';
import { waitForHydration } from '../support/browser.js';

/**
 * Gzip kB (1000 bytes) of every script a first-time visitor's browser has fetched on a public
 * page once it has loaded, hydrated, and the visitor has moved the pointer and scrolled: React's
 * client (≈ 68 kB) and the page (docs/decisions/0105-public-pages-load-their-code-at-once.md).
 */
const PAGE_SCRIPT_BUDGET_KB = 90;

const PUBLIC_PATHS = ['/', '/quote', '/contact', '/patterns', '/visualizer', '/legal', '/privacy'];

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
  const app = useBrowserApp();

  it.each(PUBLIC_PATHS)(
    'should keep the scripts of %s, after a pointer move and a scroll, within the budget',
    async (path) => {
      const page = await app.newPage({ viewport: { width: 390, height: 844 } });
      const scripts = recordScripts(page);
      await page.goto(`${app.testApp.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      await page.mouse.move(100, 200);
      await page.mouse.move(120, 260);
      await page.mouse.wheel(0, 600);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const fetched = await scripts();

      expect(fetched.length).toBeGreaterThan(1);
      expectWithin(fetched, PAGE_SCRIPT_BUDGET_KB, `Scripts of ${path}`);
    },
  );
});
