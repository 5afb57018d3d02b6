import type { LeadSource } from '#src/modules/leads/domain/lead.types.js';
import { useAdminBrowser } from '../support/admin-browser.js';
import { createTestLead } from '../support/leads.js';

/** One customer twice on the board: linked, then merged (docs/product.md#duplicates). */
describe('Duplicate leads in Chromium', () => {
  const admin = useAdminBrowser({
    role: 'admin',
    profile: { firstName: 'Anna', lastName: 'Admin' },
    sharedContext: true,
  });

  const arrive = (source: LeadSource, lastName: string) =>
    createTestLead(admin.testApp, {
      source,
      firstName: 'Sanna',
      lastName,
      email: 'sanna.kaksoinen@example.fi',
    });
  const card = (name: string) => admin.page.getByTestId('lead-card').filter({ hasText: name });

  it('should show the link on the newer lead and merge it into the older after confirming', async () => {
    await arrive('quote', 'Tarjous');
    await arrive('contact_form', 'Viesti');
    await admin.openAdmin('crm');
    await card('Sanna Viesti').click();

    const dialog = admin.page.getByRole('dialog');
    const duplicate = dialog.getByTestId('duplicate-lead');
    await duplicate.getByRole('button', { name: 'Sanna Tarjous', exact: true }).waitFor();
    await duplicate.getByRole('button', { name: 'Merge into Sanna Tarjous…' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Merge leads?' });
    await confirm.getByText('keeps both histories').waitFor();
    await confirm.getByRole('button', { name: 'Merge' }).click();
    await admin.page.getByText('Leads merged').waitFor();

    // The dialog now shows the survivor, whose history holds the merged lead's too.
    await admin.page
      .getByRole('dialog')
      .getByText('Another lead was merged into this one')
      .waitFor();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await card('Sanna Tarjous').waitFor();
    await card('Sanna Viesti').waitFor({ state: 'detached' });
  });
});
