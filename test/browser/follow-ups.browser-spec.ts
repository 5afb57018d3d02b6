import { finnishDay } from '#src/contract/finnish-day.js';
import { createTestLead } from '../support/leads.js';
import { useAdminBrowser } from '../support/admin-browser.js';

describe('Owners and follow-ups in Chromium', () => {
  const admin = useAdminBrowser({
    role: 'salesperson',
    profile: { firstName: 'Sami', lastName: 'Seller' },
    sharedContext: true,
  });

  const card = (name: string) => admin.page.getByTestId('lead-card').filter({ hasText: name });

  it('should take a lead, set a follow-up for today and see it due on the Overview', async () => {
    const mine = await createTestLead(admin.testApp, { firstName: 'Outi', lastName: 'Omistaja' });
    await createTestLead(admin.testApp, { firstName: 'Veli', lastName: 'Vieras' });
    await admin.openAdmin('crm', { lead: mine });
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Owner' }).click();
    await admin.page.getByRole('option', { name: 'Sami Seller' }).click();
    await dialog.getByLabel('Follow-up on').fill(finnishDay(new Date()));
    await dialog.getByLabel('Follow-up note').fill('Soita mittauskäynnistä');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await admin.page.getByText('Lead information updated successfully').waitFor();

    // "My leads" keeps the taken lead and hides the other.
    await card('Veli Vieras').waitFor();
    await admin.page.getByLabel('My leads').check();
    await card('Veli Vieras').waitFor({ state: 'detached' });
    await card('Outi Omistaja').waitFor();

    await admin.page.getByRole('tab', { name: 'Overview' }).click();
    const due = admin.page.getByRole('region', { name: 'Follow-ups due' });
    const row = due.getByRole('listitem').filter({ hasText: 'Outi Omistaja' });
    await row.getByText('Today').waitFor();
    await row.getByText('Sami Seller · Soita mittauskäynnistä').waitFor();
    await row.getByRole('button', { name: 'Done' }).click();
    await admin.page.getByText('Follow-up marked done').waitFor();
    await due.getByText('No follow-ups due today or overdue.').waitFor();

    await admin.openAdmin('crm', { lead: mine });
    await dialog.getByText('Follow-up on').first().waitFor();
    await dialog.getByText(/Follow-up of .* done/).waitFor();
    await dialog.getByText('Owner: nobody → Sami Seller').waitFor();
  });
});
