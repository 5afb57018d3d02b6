import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { createTestLead } from '../support/leads.js';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import { signedInContext, type TestBrowser } from '../support/browser.js';
import { bearer, signInAs, type SignedInStaff } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';

describe('Audit log and the past board in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;
  let admin: SignedInStaff;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
    admin = await signInAs(testApp, 'admin', { firstName: 'Anna', lastName: 'Lahti' });
  });
  afterAll(() => stopBrowserApp({ testApp, browser }));
  beforeEach(async () => {
    context = await signedInContext(browser, admin.token);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  const catchUp = () => testApp.app.get(ProjectionManager).catchUp();
  const openTab = async (name: string) => {
    await page.goto(`${testApp.baseUrl}/admin`);
    await page.getByRole('tab', { name }).click();
  };

  it('should filter the audit log by actor and open a lead from a row', async () => {
    const seller = await signInAs(testApp, 'salesperson', {
      firstName: 'Sami',
      lastName: 'Seller',
    });
    const api = request(testApp.baseUrl);
    const addLead = (staff: SignedInStaff, firstName: string, lastName: string) =>
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
    const grid = page.getByRole('grid', { name: 'Audit log' });
    await grid.getByText('Anna Lahti created lead Olli Muu in New Leads').waitFor();
    await page.getByRole('combobox', { name: 'Actor' }).click();
    await page.getByRole('option', { name: 'Sami Seller' }).click();
    await grid.getByText('Sami Seller created lead Liisa Lukija in New Leads').waitFor();
    await grid
      .getByText('Anna Lahti created lead Olli Muu in New Leads')
      .waitFor({ state: 'detached' });

    // The row's target links to the lead on the CRM board, which opens its details.
    await grid.getByRole('link', { name: 'Liisa Lukija' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Lead Details' });
    await dialog.getByLabel('Last Name').waitFor();
    expect(await dialog.getByLabel('Last Name').inputValue()).toBe('Lukija');
  });

  it('should show the board as it was at a past moment, read-only, and come back to now', async () => {
    const leadId = await createTestLead(testApp, 'Aika', 'Matkaaja', 'new', 2000);
    await sleep(1100);
    const then = new Date(Math.floor(Date.now() / 1000) * 1000);
    await sleep(1100);
    await request(testApp.baseUrl)
      .put(`/api/admin/quotes/${leadId}`)
      .set(bearer(admin.token))
      .send({ status: 'closed' })
      .expect(200);
    await catchUp();

    await openTab('CRM');
    const column = (id: string) => page.getByTestId(`column-${id}`);
    await column('closed').getByText('Aika Matkaaja').waitFor();
    // The picker takes local time; the browser's zone decides what "then" reads as.
    const local = await page.evaluate((iso) => {
      const at = new Date(iso);
      at.setMinutes(at.getMinutes() - at.getTimezoneOffset());
      return at.toISOString().slice(0, 19);
    }, then.toISOString());
    await page.getByLabel('Show board as of').fill(local);
    await page.getByRole('button', { name: 'Show', exact: true }).click();

    await page
      .getByTestId('board-as-of-banner')
      .getByText(/Read-only/)
      .waitFor();
    const past = page.getByTestId('board-as-of');
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
    expect(await page.getByTestId('kanban-board').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Lead' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back to now' }).click();
    await column('closed').getByText('Aika Matkaaja').waitFor();
    expect(await page.getByTestId('board-as-of').count()).toBe(0);
  });
});
