import { CommandBus } from '@nestjs/cqrs';
import { CreateLeadCommand } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { DOOR_STYLES } from '#src/modules/leads/domain/lead.types.js';
import { reportMonth } from '#src/modules/reports/projections/report-rows.js';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import type { TestBrowser } from '../support/browser.js';
import { createMember, signInThroughForm, STAFF_PASSWORD } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';

const TITLE = 'Quotes per door style per month';

describe('Reports an admin defines, in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;
  /** "door style / month" → leads, counted as the leads were made. */
  const counted = new Map<string, number>();

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
    const bus = testApp.app.get(CommandBus);
    // Quotes over three months and two door styles, unevenly spread.
    for (let i = 0; i < 23; i++) {
      const doorStyle = DOOR_STYLES[(i * i) % DOOR_STYLES.length];
      const at = new Date(Date.UTC(2026, 8 + (i % 3), 3 + i, 9));
      await bus.execute(
        new CreateLeadCommand({
          source: 'quote',
          customer: {
            firstName: 'Aino',
            lastName: `Asiakas ${i}`,
            email: `aino.${i}@example.fi`,
            phone: '+358 40 111 2222',
            address: 'Testikatu 1',
            city: 'Espoo',
            country: 'FI',
          },
          doorStyle,
          doors: 6,
          drawers: 2,
          metres: 2,
          totalPrice: 1500,
          occurredAt: at,
        }),
      );
      const key = `${doorStyle} / ${reportMonth(at)}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
  }, 120_000);
  afterAll(() => stopBrowserApp({ testApp, browser }));

  it('should let an admin define quotes per door style per month and show the same numbers as counting the leads', async () => {
    const admin = await createMember(testApp, 'admin');
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughForm(page, testApp.baseUrl, admin.email, STAFF_PASSWORD);
    // With no visits yet, the Overview's funnel says so instead of drawing bare axes.
    await page.getByText('No visits, renders or quotes in the last 30 days yet.').waitFor();

    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('button', { name: 'Define a report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Define a report' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog.getByRole('combobox', { name: 'Event types' }).fill('LeadCreat');
    await page.getByRole('option', { name: 'LeadCreated', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Door style' }).click();
    await dialog.getByRole('combobox', { name: 'Then by' }).click();
    await page.getByRole('option', { name: 'Month' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByRole('region', { name: TITLE });
    await card.getByText('Up to date').waitFor({ timeout: 60_000 });
    await card.getByText(/Defined by .* on /).waitFor();
    const table = card.getByRole('table', { name: TITLE });
    await table.waitFor();
    const shown = new Map<string, number>();
    for (const row of await table.getByRole('row').all()) {
      const cells = await row.getByRole('cell').allTextContents();
      if (cells.length === 0) continue; // the header row
      const [doorStyle, month, events] = cells;
      shown.set(`${doorStyle} / ${month}`, Number(events.replace(/\s/g, '')));
    }
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(counted));

    await card.getByRole('button', { name: `Remove: ${TITLE}` }).click();
    await page.getByRole('dialog', { name: `Remove the report “${TITLE}”?` }).waitFor();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    await context.close();
  }, 180_000);
});
