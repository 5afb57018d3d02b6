import type { Page } from 'playwright-core';
import { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';
import { useBrowserApp } from '../support/browser-app.js';
import { generateLeadHistory } from '../support/generated-history.ts';

/** Enough history that a build takes a few of the tab's one-second polls. */
const LEADS = 10_000;

describe('Reports in Chromium', () => {
  const app = useBrowserApp();

  beforeAll(async () => {
    await generateLeadHistory(app.testApp.db.pool, app.testApp.app.get(PersonalDataVault), {
      leads: LEADS,
    });
  }, 180_000);

  /** Every value the progress bar shows until it shows 100. */
  async function watchProgress(page: Page, label: string): Promise<number[]> {
    const bar = page.getByRole('progressbar', { name: label });
    await bar.waitFor({ timeout: 30_000 });
    const seen: number[] = [];
    for (;;) {
      const value = Number(await bar.getAttribute('aria-valuenow', { timeout: 120_000 }));
      if (seen.at(-1) !== value) seen.push(value);
      if (value === 100) return seen;
      await page.waitForTimeout(100);
    }
  }

  it('should show the report built at start, rebuild it with its progress up to 100 %, then show it', async () => {
    const { page } = await app.signInThroughForm('manager');
    await page.getByRole('tab', { name: 'Reports' }).click();
    const card = page.getByRole('region', { name: 'Revenue' });
    // Built in the background when the app started, and kept up to date since.
    await card.getByText('Up to date').waitFor();

    await card.getByRole('button', { name: 'Rebuild: Revenue' }).click();
    const seen = await watchProgress(page, 'Revenue build progress');

    // The bar shows the build running, then done; how many steps between depends on how fast
    // this machine folds the history within the tab's one-second polls.
    expect(seen[0]).toBeLessThan(100);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await card.getByText('Up to date').waitFor();
    await card.getByText(/Built from [\d\s ]+ events/).waitFor();
    const table = card.getByRole('table', { name: 'Revenue by month and door style' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(20);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Export CSV: Revenue by month and door style' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('report_revenue-1.csv');
    const chunks: Buffer[] = [];
    for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('\ufeffMonth,Door style,Closed,Potential');
    expect(csv.split('\r\n').length).toBeGreaterThan(20);
  }, 240_000);
});
