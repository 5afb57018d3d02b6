import type { Locator, Page } from 'playwright-core';
import { createTestLead } from '../support/leads.js';
import { useBrowserApp } from '../support/browser-app.js';
import { signInAs } from '../support/staff.js';

/** Changes made elsewhere reach an open screen within this long (docs/product.md#live-board). */
const LIVE_WITHIN_MS = 1000;

describe('Live board in two browsers', () => {
  const app = useBrowserApp();
  let anna: Page;
  let mika: Page;

  beforeEach(async () => {
    const tokens = await Promise.all([
      signInAs(app.testApp, 'admin', { firstName: 'Anna', lastName: 'Admin' }),
      signInAs(app.testApp, 'salesperson', { firstName: 'Mika', lastName: 'Myyjä' }),
    ]);
    [anna, mika] = await Promise.all(
      tokens.map(async ({ token }) => (await app.signedInContext(token)).newPage()),
    );
  });

  const openBoard = async (page: Page) => {
    await page.goto(`${app.testApp.baseUrl}/admin?tab=crm`);
    await page.getByTestId('column-new').waitFor();
    // Changes are told from the moment the stream is open.
    await page.locator('[data-live-status="live"]').waitFor();
  };
  const column = (page: Page, id: string) => page.getByTestId(`column-${id}`);
  const card = (page: Page, name: string) =>
    page.getByTestId('lead-card').filter({ hasText: name });

  async function dragTo(page: Page, source: Locator, target: Locator) {
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
    await page.mouse.up();
  }

  it("should move a card on the other person's board within a second, both ways", async () => {
    await createTestLead(app.testApp, { firstName: 'Liisa', lastName: 'Liikkuva' });
    await Promise.all([openBoard(anna), openBoard(mika)]);
    await card(mika, 'Liisa Liikkuva').waitFor();

    await dragTo(anna, card(anna, 'Liisa Liikkuva'), column(anna, 'qualified'));
    await column(anna, 'qualified').getByText('Liisa Liikkuva').waitFor();
    await column(mika, 'qualified')
      .getByText('Liisa Liikkuva')
      .waitFor({ timeout: LIVE_WITHIN_MS });

    await dragTo(mika, card(mika, 'Liisa Liikkuva'), column(mika, 'proposal'));
    await column(mika, 'proposal').getByText('Liisa Liikkuva').waitFor();
    await column(anna, 'proposal').getByText('Liisa Liikkuva').waitFor({ timeout: LIVE_WITHIN_MS });
    expect(await column(anna, 'qualified').getByText('Liisa Liikkuva').count()).toBe(0);
  });

  it('should show a new quote on open boards without a reload', async () => {
    await Promise.all([openBoard(anna), openBoard(mika)]);
    await createTestLead(app.testApp, { firstName: 'Uuno', lastName: 'Uusi' });
    await Promise.all(
      [anna, mika].map((page) =>
        column(page, 'new').getByText('Uuno Uusi').waitFor({ timeout: LIVE_WITHIN_MS }),
      ),
    );
  });

  it('should tell an open lead dialog that someone else changed the lead', async () => {
    await createTestLead(app.testApp, { firstName: 'Dora', lastName: 'Dialogi' });
    await Promise.all([openBoard(anna), openBoard(mika)]);
    await card(mika, 'Dora Dialogi').click();
    const dialog = mika.getByRole('dialog');
    await dialog.getByLabel('Notes').fill('Mika was here');
    await dragTo(anna, card(anna, 'Dora Dialogi'), column(anna, 'contacted'));
    await dialog.getByText(/changed by someone else while you had it open/).waitFor();
    // The edit is kept until Mika reloads; saving it is refused, as before.
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('Mika was here');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText(/changed by Anna Admin a moment ago/).waitFor();
  });
});
