import type { BrowserContext, Page } from 'playwright-core';
import { finnishDay } from '#src/contract/finnish-day.js';
import { createTestLead } from '../support/leads.js';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import { signedInContext, type TestBrowser } from '../support/browser.js';
import { signInAs } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';

describe('Owners and follow-ups in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;
  let token: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
    token = (await signInAs(testApp, 'salesperson', { firstName: 'Sami', lastName: 'Seller' }))
      .token;
    context = await signedInContext(browser, token);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await stopBrowserApp({ testApp, browser });
  });

  const card = (name: string) => page.getByTestId('lead-card').filter({ hasText: name });

  it('should take a lead, set a follow-up for today and see it due on the Overview', async () => {
    const mine = await createTestLead(testApp, 'Outi', 'Omistaja');
    await createTestLead(testApp, 'Veli', 'Vieras');
    await page.goto(`${testApp.baseUrl}/admin?tab=crm&lead=${mine}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Owner' }).click();
    await page.getByRole('option', { name: 'Sami Seller' }).click();
    await dialog.getByLabel('Follow-up on').fill(finnishDay(new Date()));
    await dialog.getByLabel('Follow-up note').fill('Soita mittauskäynnistä');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Lead information updated successfully').waitFor();

    // "My leads" keeps the taken lead and hides the other.
    await card('Veli Vieras').waitFor();
    await page.getByLabel('My leads').check();
    await card('Veli Vieras').waitFor({ state: 'detached' });
    await card('Outi Omistaja').waitFor();

    await page.getByRole('tab', { name: 'Overview' }).click();
    const due = page.getByRole('region', { name: 'Follow-ups due' });
    const row = due.getByRole('listitem').filter({ hasText: 'Outi Omistaja' });
    await row.getByText('Today').waitFor();
    await row.getByText('Sami Seller · Soita mittauskäynnistä').waitFor();
    await row.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Follow-up marked done').waitFor();
    await due.getByText('No follow-ups due today or overdue.').waitFor();

    await page.goto(`${testApp.baseUrl}/admin?tab=crm&lead=${mine}`);
    await dialog.getByText('Follow-up on').first().waitFor();
    await dialog.getByText(/Follow-up of .* done/).waitFor();
    await dialog.getByText('Owner: nobody → Sami Seller').waitFor();
  });
});
