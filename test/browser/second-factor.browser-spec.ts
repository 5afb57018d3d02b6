import type { Page } from 'playwright-core';
import { awayFromStepEdge, totpCode } from '../support/second-factor.js';
import { createMember, signInThroughForm, STAFF_PASSWORD } from '../support/staff.js';
import { useBrowserApp } from '../support/browser-app.js';

describe('Two-step sign-in in Chromium', () => {
  const app = useBrowserApp();
  let page: Page;
  beforeEach(async () => {
    page = await app.newPage();
  });

  it('should set up an authenticator in Settings, then sign in with its code', async () => {
    const member = await createMember(app.testApp, 'manager', { firstName: 'Kaisa' });
    await signInThroughForm(page, app.testApp.baseUrl, member.email, STAFF_PASSWORD);
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('second-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await awayFromStepEdge();
    await page.getByLabel('Code from the app').fill(totpCode(secret, -1));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByRole('button', { name: 'Turn Off' }).waitFor();

    // Signing in again: the password, then the code the app would show now.
    await signInThroughForm(page, app.testApp.baseUrl, member.email, STAFF_PASSWORD);
    await page.getByText('Enter the 6-digit code your authenticator app shows.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid code').first().waitFor();
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toEqual(
      expect.any(String),
    );
  });

  /** Settings → set up → confirm with the app's code → put the recovery codes away. */
  async function setUpInPage(target: Page, steps: number): Promise<string> {
    await target.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = (await target.getByTestId('second-factor-secret').textContent())!.trim();
    await awayFromStepEdge();
    await target.getByLabel('Code from the app').fill(totpCode(secret, steps));
    await target.getByRole('button', { name: 'Turn On' }).click();
    await target.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    return secret;
  }

  it('should hold an admin without it to the set-up once an admin requires it', async () => {
    const admin = await createMember(app.testApp, 'admin', { firstName: 'Anna' });
    await signInThroughForm(page, app.testApp.baseUrl, admin.email, STAFF_PASSWORD);
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await setUpInPage(page, -1);
    await page.getByRole('button', { name: 'Turn Off' }).waitFor();
    await page.getByRole('tab', { name: 'Team' }).click();
    const requirement = page.getByLabel('Require two-step sign-in for admins');
    // The switch shows the server's policy: it turns on once the change is saved and read back.
    await requirement.click();
    await page.waitForFunction(
      () =>
        (document.querySelector('input[role="switch"]') as HTMLInputElement | null)?.checked ===
        true,
    );

    const other = await createMember(app.testApp, 'admin', { firstName: 'Olli' });
    const otherContext = await app.newContext();
    try {
      const otherPage = await otherContext.newPage();
      await signInThroughForm(otherPage, app.testApp.baseUrl, other.email, STAFF_PASSWORD);
      await otherPage.waitForURL('**/admin');
      await otherPage.getByText('The team requires two-step sign-in for admins.').waitFor();
      expect(await otherPage.getByRole('tab', { name: 'Team' }).count()).toBe(0);
      await setUpInPage(otherPage, 0);
      await otherPage.getByRole('tab', { name: 'Team' }).waitFor();
    } finally {
      await otherContext.close();
    }
  });
});
