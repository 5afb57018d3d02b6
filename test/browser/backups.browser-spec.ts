import { useBrowserApp } from '../support/browser-app.js';

describe('Backups tab in Chromium', () => {
  const app = useBrowserApp();

  it('should show the empty state, then a new backup on top marked Latest', async () => {
    const { page } = await app.signInThroughForm('admin');
    await page.getByRole('tab', { name: 'Backups' }).click();
    await page.getByText('No backup files found').waitFor();
    await page.getByText('First backup will be created within 5 minutes').waitFor();

    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText('Backup created').waitFor();
    const rows = page.getByRole('table', { name: 'Backup files' }).getByRole('row');
    await rows.nth(1).getByText('Latest').waitFor();
    const first = (await rows.nth(1).textContent()) ?? '';
    expect(first).toMatch(/backup-\d{8}T\d{9}Z\.kkbackup\.gz/);
    await page.getByText('Total files: 1').waitFor();
    await page.getByText(/^Last backup: /).waitFor();

    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText('Total files: 2').waitFor();
    const newest = (await rows.nth(1).textContent()) ?? '';
    expect(newest).not.toBe(first);
    expect(newest).toContain('Latest');
    expect(await rows.nth(2).getByText('Latest').count()).toBe(0);

    const download = page.waitForEvent('download');
    await rows
      .nth(1)
      .getByRole('button', { name: /^Download / })
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.kkbackup\.gz$/);

    await page.getByRole('button', { name: 'Refresh List' }).click();
    await page.getByText('Total files: 2').waitFor();
  });

  it('should not show the tab to a salesperson', async () => {
    const { page } = await app.signInThroughForm('salesperson');
    await page.getByRole('tab', { name: 'CRM' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Backups' }).count()).toBe(0);
  });
});
