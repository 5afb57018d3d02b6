import { DOOR_STYLES } from '#src/modules/leads/domain/lead.types.js';
import { reportMonth } from '#src/modules/reports/projections/report-rows.js';
import { useBrowserApp } from '../support/browser-app.js';
import { createTestLead } from '../support/leads.js';

const TITLE = 'Quotes per door style per month';

describe('Reports an admin defines, in Chromium', () => {
  const app = useBrowserApp();
  /** "door style / month" → leads, counted as the leads were made. */
  const counted = new Map<string, number>();

  beforeAll(async () => {
    // Quotes over three months and two door styles, unevenly spread.
    for (let i = 0; i < 23; i++) {
      const doorStyle = DOOR_STYLES[(i * i) % DOOR_STYLES.length];
      const at = new Date(Date.UTC(2026, 8 + (i % 3), 3 + i, 9));
      await createTestLead(app.testApp, {
        lastName: `Asiakas ${i}`,
        email: `aino.${i}@example.fi`,
        city: 'Espoo',
        doorStyle,
        occurredAt: at,
      });
      const key = `${doorStyle} / ${reportMonth(at)}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
  }, 120_000);

  it('should let an admin define quotes per door style per month and show the same numbers as counting the leads', async () => {
    const { page } = await app.signInThroughForm('admin');
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
  }, 180_000);
});
