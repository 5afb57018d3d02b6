import { setTimeout as sleep } from 'node:timers/promises';
import { CommandBus } from '@nestjs/cqrs';
import type { Route } from 'playwright-core';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import { LiveFeed } from '#src/modules/live/feed/live-feed.js';
import { createTestLead } from '../support/leads.js';
import { useAdminBrowser } from '../support/admin-browser.js';

describe('Admin fetch failures in Chromium', () => {
  const admin = useAdminBrowser({
    role: 'admin',
    profile: { firstName: 'Vivi', lastName: 'Virhe' },
    // Records the title of every toast as it is raised, so a repeated toast counts twice even
    // when it replaces an identical one.
    prepareContext: (context) =>
      context.addInitScript(() => {
        const raised: string[] = [];
        Object.assign(window, { raisedToasts: raised });
        const record = (node: Node) => {
          if (!(node instanceof Element)) return;
          const toast = node.matches('[data-testid="toast"]')
            ? node
            : node.querySelector('[data-testid="toast"]');
          if (toast) raised.push(toast.querySelector('.toast-title')?.textContent ?? '');
        };
        new MutationObserver((records) =>
          records.forEach((r) => r.addedNodes.forEach(record)),
        ).observe(document, { childList: true, subtree: true });
      }),
  });

  const createLead = (firstName: string, lastName: string) =>
    createTestLead(admin.testApp, { firstName, lastName });

  /** Answers 500 to every GET matching `pattern` until the returned function is called. */
  async function failGets(pattern: string) {
    const fail = (route: Route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }),
          })
        : route.continue();
    await admin.page.route(pattern, fail);
    return () => admin.page.unroute(pattern, fail);
  }

  /**
   * Until the live feed has told the open board every change and its totals: a notice still on
   * its way would reach the reloaded page and refetch by itself, which only Retry may.
   */
  async function liveToldEverything() {
    const feed = admin.testApp.app.get(LiveFeed);
    for (let tries = 0; !(await feed.caughtUp()); tries++) {
      if (tries === 200) throw new Error('the live feed did not catch up');
      await sleep(25);
    }
  }

  const toast = (title: string) =>
    admin.page.getByTestId('toast').getByText(title, { exact: true });
  const retryButtons = () => admin.page.getByRole('button', { name: 'Retry' });
  const raisedToasts = () =>
    admin.page.evaluate(() => (window as unknown as { raisedToasts: string[] }).raisedToasts);

  it('should toast once when the overview cannot fetch quotes, and load them on Retry', async () => {
    await createLead('Olga', 'Yleiskatsaus');
    const stopFailing = await failGets('**/api/admin/quotes**');
    await admin.openAdmin('overview');

    await toast('Failed to fetch quotes').waitFor();
    // The follow-ups card fetches quotes too, and offers its own Retry.
    await retryButtons().first().waitFor();
    await admin.page.getByTestId('stat-Total Quotes').getByText('–').waitFor();

    await stopFailing();
    // The follow-ups card and the totals each offer a Retry of their own.
    for (let tries = 0; tries < 5 && (await retryButtons().count()) > 0; tries++) {
      await retryButtons().first().click();
      await admin.page.waitForTimeout(300);
    }
    await admin.page.getByRole('grid').getByText('Olga Yleiskatsaus').waitFor();
    await admin.page.getByTestId('stat-Total Quotes').getByText(/^\d+$/).waitFor();
    expect(await retryButtons().count()).toBe(0);
    // The grid and the totals both failed: one toast says so.
    expect(await raisedToasts()).toEqual(['Failed to fetch quotes']);
  });

  it('should toast once for the whole CRM board and refill every column on Retry', async () => {
    await createLead('Kalle', 'Kanban');
    // Seen once on a live board first, so no late live change refills the columns by itself
    // once the fetches work again: only Retry may.
    await admin.openAdmin('crm');
    await admin.page.getByTestId('column-new').getByText('Kalle Kanban').waitFor();
    await admin.page.locator('[data-live-status="live"]').waitFor();
    await liveToldEverything();
    const stopFailing = await failGets('**/api/admin/quotes**');
    await admin.page.reload();

    await toast('Failed to fetch quotes').waitFor();
    const columns = admin.page.getByRole('region', { name: / column$/ });
    await columns.first().waitFor();
    const columnCount = await columns.count();
    expect(columnCount).toBeGreaterThan(1);
    for (let i = 0; i < columnCount; i++) {
      await columns.nth(i).getByRole('button', { name: 'Retry' }).waitFor();
    }
    expect(
      await admin.page.getByTestId('column-new').getByTestId('column-count').textContent(),
    ).toBe('(–)');

    await stopFailing();
    await retryButtons().first().click();
    await admin.page.getByTestId('column-new').getByText('Kalle Kanban').waitFor();
    await retryButtons().first().waitFor({ state: 'detached' });
    expect(await retryButtons().count()).toBe(0);
    expect(await raisedToasts()).toEqual(['Failed to fetch quotes']);
  });

  it('should toast deleted quotes failing once, stay quiet while Retry keeps failing, then list them', async () => {
    const leadId = await createLead('Riitta', 'Roskis');
    await admin.testApp.app.get(CommandBus).execute(new TrashLeadCommand(leadId));
    // Seen once in a live bin first, so no late live change of the trash refills the bin by
    // itself once the fetches work again: only Retry may.
    await admin.openAdmin('recycle-bin');
    await admin.page.getByTestId('deleted-lead').filter({ hasText: 'Riitta Roskis' }).waitFor();
    await admin.page.locator('[data-live-status="live"]').waitFor();
    await liveToldEverything();
    // The bin and its tab's count both fail: one toast between them.
    const stopFailing = await failGets('**/api/quotes/deleted**');
    await admin.page.reload();

    await toast('Failed to fetch deleted quotes').waitFor();
    await admin.page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
    await admin.page.getByTestId('toast').waitFor({ state: 'detached' });
    const failedAgain = admin.page.waitForResponse(
      (response) => response.url().endsWith('/api/quotes/deleted') && response.status() === 500,
    );
    await retryButtons().click();
    await failedAgain;
    await retryButtons().waitFor();
    expect(await raisedToasts()).toEqual(['Failed to fetch deleted quotes']);

    await stopFailing();
    await retryButtons().click();
    await admin.page.getByTestId('deleted-lead').filter({ hasText: 'Riitta Roskis' }).waitFor();
    await admin.page.getByRole('tab', { name: 'Recycle Bin (1)' }).waitFor();
    expect(await raisedToasts()).toEqual(['Failed to fetch deleted quotes']);
  });

  it('should toast when team members cannot be fetched and list them on Retry', async () => {
    const stopFailing = await failGets('**/api/admin/users');
    await admin.openAdmin('team');

    await toast('Failed to fetch team members').waitFor();
    await retryButtons().waitFor();

    await stopFailing();
    await retryButtons().click();
    await admin.page.getByRole('row', { name: /Vivi Virhe/ }).waitFor();
    expect(await retryButtons().count()).toBe(0);
    expect(await raisedToasts()).toEqual(['Failed to fetch team members']);
  });

  it('should toast when the backup status cannot be fetched and show it on Retry', async () => {
    const stopFailing = await failGets('**/api/admin/backup/status');
    await admin.openAdmin('backups');

    await toast('Failed to fetch backup status').waitFor();
    await retryButtons().waitFor();

    await stopFailing();
    await retryButtons().click();
    await admin.page.getByText('No backup files found').waitFor();
    expect(await raisedToasts()).toEqual(['Failed to fetch backup status']);
  });
});
