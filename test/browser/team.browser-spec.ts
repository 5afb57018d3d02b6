import type { Page } from 'playwright-core';
import { useBrowserApp } from '../support/browser-app.js';
import { createMember, signInThroughForm, STAFF_PASSWORD } from '../support/staff.js';

describe('Team and Settings in Chromium', () => {
  const app = useBrowserApp();

  const openTab = async (page: Page, name: string) => {
    await page.getByRole('tab', { name }).click();
  };

  it('should add a member who signs in, sets a password, and is dropped when deactivated', async () => {
    const { page: adminPage } = await app.signInThroughForm('admin');
    await openTab(adminPage, 'Team');
    await adminPage.getByRole('button', { name: 'Add Team Member' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Sanna');
    await dialog.getByLabel('Last name').fill('Myyjä');
    await dialog.getByLabel('Email').fill('sanna.myyja@example.fi');
    expect(await dialog.getByRole('combobox').textContent()).toBe('salesperson');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    const oneTimePassword = await adminPage.getByTestId('one-time-password').textContent();
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{16}$/);
    await adminPage.getByRole('button', { name: 'Done' }).click();
    const row = adminPage.getByRole('row', { name: /Sanna Myyjä/ });
    await row.getByText('salesperson').waitFor();
    await row.getByText('Active').waitFor();
    await row.getByText('Never').waitFor();

    // The new member signs in with the one-time password and must choose their own first.
    const memberPage = await app.newPage();
    await signInThroughForm(
      memberPage,
      app.testApp.baseUrl,
      'sanna.myyja@example.fi',
      oneTimePassword!,
    );
    await memberPage.getByText('Choose your password').waitFor();
    expect(await memberPage.getByRole('tab').count()).toBe(0);
    await memberPage.getByLabel(/^Current password/).fill(oneTimePassword!);
    await memberPage.getByLabel(/^New password/).fill('sannan oma salasana');
    await memberPage.getByLabel(/^Confirm new password/).fill('sannan oma salasana');
    await memberPage.getByRole('button', { name: 'Set Password' }).click();
    await memberPage.getByRole('tab', { name: 'Settings' }).waitFor();
    expect(await memberPage.getByRole('tab', { name: 'Team' }).count()).toBe(0);

    // The admin deactivates them, confirming first.
    await adminPage.reload();
    await openTab(adminPage, 'Team');
    await adminPage.getByRole('button', { name: 'Deactivate Sanna Myyjä' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await adminPage
      .getByRole('row', { name: /Sanna Myyjä/ })
      .getByText('Inactive')
      .waitFor();

    // The member's open page drops to /login on its next call.
    await openTab(memberPage, 'Settings');
    await memberPage.getByRole('button', { name: 'Save Profile' }).click();
    await memberPage.waitForURL('**/login');
    expect(await memberPage.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  it('should edit a member and view their details', async () => {
    const member = await createMember(app.testApp, 'salesperson', {
      firstName: 'Ville',
      lastName: 'Virtanen',
    });
    const { page } = await app.signInThroughForm('admin');
    await openTab(page, 'Team');
    await page.getByRole('button', { name: 'Edit Ville Virtanen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Last name').fill('Virtala');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'manager' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Team member updated').waitFor();
    const row = page.getByRole('row', { name: /Ville Virtala/ });
    await row.getByText('manager').waitFor();
    await page.getByRole('button', { name: 'View Ville Virtala' }).click();
    await page.getByRole('dialog').getByText(member.email).waitFor();
  });

  it('should save the profile and change the password in Settings', async () => {
    const { page } = await app.signInThroughForm('manager', { firstName: 'Pekka' });
    await openTab(page, 'Settings');
    await page.getByLabel('First name').fill('Petteri');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.getByText('Petteri Tester').waitFor();

    await page.getByLabel(/^Current password/).fill('not my password');
    await page.getByLabel(/^New password/).fill('pekan uusi salasana');
    await page.getByLabel(/^Confirm new password/).fill('pekan uusi salasana');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Failed to change password').waitFor();
    await page.getByLabel(/^Current password/).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed').waitFor();
  });
});
