import { CommandBus } from '@nestjs/cqrs';
import type { BrowserContext, Page } from 'playwright-core';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import { signedInContext, type TestBrowser } from '../support/browser.js';
import { signInAs } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';

/** One customer twice on the board: linked, then merged (docs/product.md#duplicates). */
describe('Duplicate leads in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;
  let token: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
    token = (await signInAs(testApp, 'admin', { firstName: 'Anna', lastName: 'Admin' })).token;
    context = await signedInContext(browser, token);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await stopBrowserApp({ testApp, browser });
  });

  const arrive = (source: 'quote' | 'contact_form', lastName: string) =>
    testApp.app.get(CommandBus).execute(
      new CreateLeadCommand({
        source,
        customer: {
          firstName: 'Sanna',
          lastName,
          email: 'sanna.kaksoinen@example.fi',
          phone: '',
          address: '',
          city: '',
          country: 'FI',
        },
        doorStyle: null,
        doors: 0,
        drawers: 0,
        metres: 0,
        totalPrice: 0,
      }),
    );
  const card = (name: string) => page.getByTestId('lead-card').filter({ hasText: name });

  it('should show the link on the newer lead and merge it into the older after confirming', async () => {
    await arrive('quote', 'Tarjous');
    await arrive('contact_form', 'Viesti');
    await page.goto(`${testApp.baseUrl}/admin`);
    await page.getByRole('tab', { name: 'CRM' }).click();
    await card('Sanna Viesti').click();

    const dialog = page.getByRole('dialog');
    const duplicate = dialog.getByTestId('duplicate-lead');
    await duplicate.getByRole('button', { name: 'Sanna Tarjous', exact: true }).waitFor();
    await duplicate.getByRole('button', { name: 'Merge into Sanna Tarjous…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Merge leads?' });
    await confirm.getByText('keeps both histories').waitFor();
    await confirm.getByRole('button', { name: 'Merge' }).click();
    await page.getByText('Leads merged').waitFor();

    // The dialog now shows the survivor, whose history holds the merged lead's too.
    await page.getByRole('dialog').getByText('Another lead was merged into this one').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await card('Sanna Tarjous').waitFor();
    await card('Sanna Viesti').waitFor({ state: 'detached' });
  });
});
