import type { BrowserContext, Page } from 'playwright-core';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { createMember, signInThroughForm } from '../support/staff.js';
import { useBrowserApp } from '../support/browser-app.js';

const NEW_PASSWORD = 'uusi Salasana keittiölle 7';

describe('Forgot password in Chromium', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const app = useBrowserApp({
    env: () => ({ SMTP_URL: sink.url, PUBLIC_URL: 'https://keittiokalvo.fi' }),
  });
  afterAll(() => sink?.stop());
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await app.newContext();
    page = await context.newPage();
  });

  /** The link of the e-mail, opened on the app under test instead of the configured site. */
  async function resetLinkFor(email: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mail = sink.received.find((m) => m.recipients.includes(email));
      if (mail) {
        const link = /https:\/\/keittiokalvo\.fi(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(
          mail.parsed.text!,
        )![1];
        return `${app.testApp.baseUrl}${link}`;
      }
      if (Date.now() > deadline) throw new Error(`no reset e-mail for ${email}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }

  it('should go from "Forgot password?" to a new password read from the e-mail, once', async () => {
    const member = await createMember(app.testApp, 'salesperson', { firstName: 'Riikka' });
    await page.goto(`${app.testApp.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send Link' }).click();
    await page
      .getByRole('status')
      .getByText(
        'If that e-mail belongs to an active team member, a link to set a new password is on its way.',
        { exact: false },
      )
      .waitFor();

    const link = await resetLinkFor(member.email);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('something else entirely');
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Sign in with your new password.').waitFor();

    await signInThroughForm(page, app.testApp.baseUrl, member.email, NEW_PASSWORD);
    await page.waitForURL('**/admin');

    // The same link a second time: refused in words, the password stays.
    const again = await context.newPage();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('toinen Salasana keittiölle 8');
    await again.getByLabel('Confirm new password').fill('toinen Salasana keittiölle 8');
    await again.getByRole('button', { name: 'Set Password' }).click();
    await again
      .getByRole('alert')
      .getByText('This password reset link was already used. Ask for a new one.')
      .waitFor();
  });

  it('should show the same answer for an e-mail no member has', async () => {
    const before = sink.received.length;
    await page.goto(`${app.testApp.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('nobody@keittiokalvo.fi');
    await page.getByRole('button', { name: 'Send Link' }).click();
    await page
      .getByRole('status')
      .getByText('a link to set a new password is on its way', { exact: false })
      .waitFor();
    await new Promise((done) => setTimeout(done, 1000));
    expect(sink.received.length).toBe(before);
  });
});
