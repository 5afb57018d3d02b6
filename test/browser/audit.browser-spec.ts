import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { createTestLead } from '../support/leads.js';
import { useAdminBrowser } from '../support/admin-browser.js';
import { bearer, signInAs, type SignedInStaff } from '../support/staff.js';

describe('Audit log and the past board in Chromium', () => {
  const admin = useAdminBrowser({
    role: 'admin',
    profile: { firstName: 'Anna', lastName: 'Lahti' },
  });

  const catchUp = () => admin.testApp.app.get(ProjectionManager).catchUp();
  const openTab = async (name: string) => {
    await admin.openAdmin();
    await admin.page.getByRole('tab', { name }).click();
  };

  it('should filter the audit log by actor and open a lead from a row', async () => {
    const seller = await signInAs(admin.testApp, 'salesperson', {
      firstName: 'Sami',
      lastName: 'Seller',
    });
    const api = request(admin.testApp.baseUrl);
    const addLead = (staff: Pick<SignedInStaff, 'token'>, firstName: string, lastName: string) =>
      api
        .post('/api/admin/quotes/create-lead')
        .set(bearer(staff.token))
        .send({
          customerFirstName: firstName,
          customerLastName: lastName,
          customerEmail: `${firstName}@example.fi`,
        })
        .expect(201);
    await addLead(seller, 'Liisa', 'Lukija');
    await addLead(admin, 'Olli', 'Muu');
    await catchUp();

    await openTab('Audit');
    const grid = admin.page.getByRole('grid', { name: 'Audit log' });
    await grid.getByText('Anna Lahti created lead Olli Muu in New Leads').waitFor();
    await admin.page.getByRole('combobox', { name: 'Actor' }).click();
    await admin.page.getByRole('option', { name: 'Sami Seller' }).click();
    await grid.getByText('Sami Seller created lead Liisa Lukija in New Leads').waitFor();
    await grid
      .getByText('Anna Lahti created lead Olli Muu in New Leads')
      .waitFor({ state: 'detached' });

    // The row's target links to the lead on the CRM board, which opens its details.
    await grid.getByRole('link', { name: 'Liisa Lukija' }).first().click();
    const dialog = admin.page.getByRole('dialog', { name: 'Lead Details' });
    await dialog.getByLabel('Last Name').waitFor();
    expect(await dialog.getByLabel('Last Name').inputValue()).toBe('Lukija');
  });

  it('should show the board as it was at a past moment, read-only, and come back to now', async () => {
    const leadId = await createTestLead(admin.testApp, {
      firstName: 'Aika',
      lastName: 'Matkaaja',
      totalPrice: 2000,
    });
    await sleep(1100);
    const then = new Date(Math.floor(Date.now() / 1000) * 1000);
    await sleep(1100);
    await request(admin.testApp.baseUrl)
      .put(`/api/admin/quotes/${leadId}`)
      .set(bearer(admin.token))
      .send({ status: 'closed' })
      .expect(200);
    await catchUp();

    await openTab('CRM');
    const column = (id: string) => admin.page.getByTestId(`column-${id}`);
    await column('closed').getByText('Aika Matkaaja').waitFor();
    // The picker takes local time; the browser's zone decides what "then" reads as.
    const local = await admin.page.evaluate((iso) => {
      const at = new Date(iso);
      at.setMinutes(at.getMinutes() - at.getTimezoneOffset());
      return at.toISOString().slice(0, 19);
    }, then.toISOString());
    await admin.page.getByLabel('Show board as of').fill(local);
    await admin.page.getByRole('button', { name: 'Show', exact: true }).click();

    await admin.page
      .getByTestId('board-as-of-banner')
      .getByText(/Read-only/)
      .waitFor();
    const past = admin.page.getByTestId('board-as-of');
    await past
      .getByRole('region', { name: 'New Leads as it was' })
      .getByText('Aika Matkaaja')
      .waitFor();
    expect(
      await past
        .getByRole('region', { name: 'Closed as it was' })
        .getByText('Aika Matkaaja')
        .count(),
    ).toBe(0);
    expect(await admin.page.getByTestId('kanban-board').count()).toBe(0);
    expect(await admin.page.getByRole('button', { name: 'Add Lead' }).count()).toBe(0);

    await admin.page.getByRole('button', { name: 'Back to now' }).click();
    await column('closed').getByText('Aika Matkaaja').waitFor();
    expect(await admin.page.getByTestId('board-as-of').count()).toBe(0);
  });
});
