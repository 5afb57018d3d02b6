import { CommandBus } from '@nestjs/cqrs';
import type { Locator } from 'playwright-core';
import { createTestLead, testPhoneOf } from '../support/leads.js';
import { useAdminBrowser } from '../support/admin-browser.js';

describe('CRM in Chromium', () => {
  const admin = useAdminBrowser({
    role: 'admin',
    profile: { firstName: 'Anna', lastName: 'Admin' },
  });

  const createLead = (firstName: string, lastName: string, status = 'new', price = 1500) =>
    createTestLead(admin.testApp, { firstName, lastName, status, totalPrice: price });

  const openTab = async (name: RegExp | string) => {
    await admin.openAdmin();
    await admin.page.getByRole('tab', { name }).click();
  };
  const column = (id: string) => admin.page.getByTestId(`column-${id}`);
  const card = (name: string) => admin.page.getByTestId('lead-card').filter({ hasText: name });

  async function dragTo(source: Locator, target: Locator) {
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    await admin.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await admin.page.mouse.down();
    await admin.page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, {
      steps: 5,
    });
    await admin.page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
    await admin.page.mouse.up();
  }

  it('should move a card by mouse and keep it there after a reload', async () => {
    await createLead('Mikko', 'Hiirinen');
    await openTab('CRM');
    await dragTo(card('Mikko Hiirinen'), column('qualified'));
    await column('qualified').getByText('Mikko Hiirinen').waitFor();
    // A fresh admin.page load reads the board from the server again.
    await openTab('CRM');
    await column('qualified').getByText('Mikko Hiirinen').waitFor();
    expect(await column('new').getByText('Mikko Hiirinen').count()).toBe(0);
  });

  it('should move a card with the keyboard', async () => {
    await createLead('Kaisa', 'Näppäin');
    await openTab('CRM');
    await card('Kaisa Näppäin')
      .getByRole('button', { name: /^Kaisa Näppäin/ })
      .focus();
    await admin.page.keyboard.press('Space');
    await admin.page.locator('[data-testid="lead-card"] [aria-pressed="true"]').waitFor();
    // Each arrow press jumps one column once the sensor has measured the board.
    for (let i = 0; i < 2; i++) {
      await admin.page.waitForTimeout(150);
      await admin.page.keyboard.press('ArrowRight');
    }
    await admin.page.waitForTimeout(150);
    await admin.page.keyboard.press('Space');
    await column('qualified').getByText('Kaisa Näppäin').waitFor();
  });

  it('should save an edit and show it in the history', async () => {
    await createLead('Eero', 'Muokkaaja');
    await openTab('CRM');
    await card('Eero Muokkaaja').click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Phone').fill('+358 50 123 9999');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await admin.page.getByText('Lead information updated successfully').waitFor();
    await card('Eero Muokkaaja').click();
    await admin.page
      .getByRole('dialog')
      .getByText(`Phone: ${testPhoneOf('Eero', 'Muokkaaja')} → +358 50 123 9999`)
      .waitFor();
    await admin.page
      .getByRole('dialog')
      .getByText('Anna Admin', { exact: false })
      .first()
      .waitFor();
  });

  it('should show no door style for a contact-form lead and save only what changed', async () => {
    const contact = await fetch(`${admin.testApp.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Kalle',
        lastName: 'Yhteydenotto',
        email: 'kalle.yhteydenotto@example.fi',
        phone: '040 555 1234',
        message: 'Soittakaa, kiitos',
      }),
    });
    const { leadId } = (await contact.json()) as { leadId: string };
    await openTab('CRM');
    await card('Kalle Yhteydenotto').click();
    const dialog = admin.page.getByRole('dialog');
    const doorStyle = dialog.getByRole('combobox', { name: 'Door Style' });
    await doorStyle.waitFor();
    // MUI shows an empty select as a zero-width space.
    expect((await doorStyle.textContent())?.replace(/\u200b/g, '').trim()).toBe('');
    expect(await dialog.locator('input[name="doorStyle"]').inputValue()).toBe('');
    await dialog.getByLabel('Phone').fill('040 555 9999');
    const sent = admin.page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/quotes/${leadId}/update-lead`),
    );
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await sent).postDataJSON()).toEqual({
      customerPhone: '040 555 9999',
      expectedVersion: 1,
    });
    await admin.page.getByText('Lead information updated successfully').waitFor();
    const saved = await fetch(`${admin.testApp.baseUrl}/api/admin/quotes/${leadId}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(await saved.json()).toMatchObject({
      doorStyle: null,
      customerPhone: '040 555 9999',
      source: 'contact_form',
      version: 2,
    });
  });

  it('should tell who changed the lead when the save is stale and offer a reload', async () => {
    const leadId = await createLead('Sanni', 'Samanaikainen');
    await openTab('CRM');
    await card('Sanni Samanaikainen').click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Notes').fill('My note');
    const { UpdateLeadCommand } =
      await import('#src/modules/leads/commands/update-lead/update-lead.command.js');
    await admin.testApp.app
      .get(CommandBus)
      .execute(new UpdateLeadCommand({ leadId, status: 'proposal' }));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText(/changed by system a moment ago/).waitFor();
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.getByText('Status: New Leads → Proposal').waitFor();
  });

  it('should trash a lead from the board and restore it from the bin', async () => {
    await createLead('Tiina', 'Roskakori');
    await openTab('CRM');
    await admin.page.getByRole('button', { name: 'Move Tiina Roskakori to trash' }).click();
    await admin.page.getByText('Lead moved to trash').waitFor();
    await admin.page.getByRole('tab', { name: /Recycle Bin \(\d+\)/ }).click();
    const row = admin.page.getByTestId('deleted-lead').filter({ hasText: 'Tiina Roskakori' });
    await row.getByRole('button', { name: 'Restore Tiina Roskakori' }).click();
    await admin.page.getByText('Lead restored').waitFor();
    await admin.page.getByRole('tab', { name: 'CRM' }).click();
    await column('new').getByText('Tiina Roskakori').waitFor();
  });

  it('should erase a lead from the bin only once the admin confirms', async () => {
    await createLead('Eero', 'Poistettava');
    await openTab('CRM');
    await admin.page.getByRole('button', { name: 'Move Eero Poistettava to trash' }).click();
    await admin.page.getByText('Lead moved to trash').waitFor();
    await admin.page.getByRole('tab', { name: /Recycle Bin \(\d+\)/ }).click();
    const row = admin.page.getByTestId('deleted-lead').filter({ hasText: 'Eero Poistettava' });
    const erase = row.getByRole('button', { name: 'Delete permanently Eero Poistettava' });
    await erase.click();
    let dialog = admin.page.getByRole('dialog', { name: 'Delete Eero Poistettava permanently?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor();
    await erase.click();
    dialog = admin.page.getByRole('dialog', { name: 'Delete Eero Poistettava permanently?' });
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await admin.page.getByText('Lead deleted permanently').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('should add a column and delete it, moving its leads', async () => {
    await openTab('CRM');
    await admin.page.getByRole('button', { name: 'Add Column' }).click();
    let dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Column name').fill('On Hold');
    await dialog.getByLabel('Orange').check();
    await dialog.getByRole('button', { name: 'Add Column' }).click();
    await column('on_hold').waitFor();
    await createLead('Olli', 'Odottaja', 'on_hold');
    await openTab('CRM');
    await column('on_hold').getByText('Olli Odottaja').waitFor();
    await admin.page.getByRole('button', { name: 'Edit column On Hold' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Delete Column' }).click();
    dialog = admin.page.getByRole('dialog');
    await dialog.getByText('This column holds 1 lead').waitFor();
    await dialog.getByLabel('Move leads to').click();
    await admin.page.getByRole('option', { name: 'Contacted' }).click();
    await dialog.getByRole('button', { name: 'Delete Column' }).click();
    await column('on_hold').waitFor({ state: 'detached' });
    await column('contacted').getByText('Olli Odottaja').waitFor();
  });

  it('should show a column ten cards at a time, newest first', async () => {
    const names = [...'ABCDEFGHIJK'].map((letter) => `Sivutus${letter}`);
    for (const lastName of names) await createLead('Sivu', lastName, 'proposal');
    await openTab('CRM');
    const cards = column('proposal').getByTestId('lead-card');
    await card('Sivu SivutusK').waitFor();
    expect(await cards.count()).toBe(10);
    // The oldest of the eleven is on the column's second admin.page.
    expect(await card('Sivu SivutusA').count()).toBe(0);
    await column('proposal')
      .getByRole('button', { name: /^Show more \(\d+ more\)$/ })
      .click();
    await card('Sivu SivutusA').waitFor();
    expect(await cards.count()).toBeGreaterThan(10);
  });

  it('should search and filter the recent quotes', async () => {
    await createLead('Hakusana', 'Löytyy', 'closed', 9000);
    await createLead('Toinen', 'Henkilö', 'new');
    await openTab('Overview');
    const grid = admin.page.getByRole('grid');
    await grid.getByText('Toinen Henkilö').waitFor();
    await admin.page.getByLabel('Search').fill('HAKUSANA');
    await grid.getByText('Toinen Henkilö').waitFor({ state: 'detached' });
    await grid.getByText('Hakusana Löytyy').waitFor();
    await admin.page.getByLabel('Search').fill('');
    await admin.page.getByLabel('Status').click();
    await admin.page.getByRole('option', { name: 'Closed' }).click();
    await grid.getByText('Toinen Henkilö').waitFor({ state: 'detached' });
    await grid.getByText('Hakusana Löytyy').waitFor();
  });
});
