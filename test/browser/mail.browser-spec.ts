import type { IncomingMessage, ServerResponse } from 'node:http';
import { CommandBus } from '@nestjs/cqrs';
import type { BrowserContext, Page } from 'playwright-core';
import { RecordReplyCommand } from '#src/modules/mail/commands/record-reply/record-reply.command.js';
import { UnreadCountsReader } from '#src/modules/mail/queries/unread-counts.reader.js';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import { signedInContext, type TestBrowser } from '../support/browser.js';
import { createTestLead } from '../support/leads.js';
import { eventually } from '../support/mail.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { signInAs } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';

describe('E-mail dialog in Chromium', () => {
  let sink: SmtpSink;
  let testApp: TestApp;
  let browser: TestBrowser;
  let token: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ testApp, browser } = await startBrowserApp({ SMTP_URL: sink.url }));
    token = (await signInAs(testApp, 'salesperson', { firstName: 'Sami', lastName: 'Seller' }))
      .token;
  });
  afterAll(async () => {
    await stopBrowserApp({ testApp, browser });
    await sink.stop();
  });
  beforeEach(async () => {
    context = await signedInContext(browser, token);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  const card = (name: string) => page.getByTestId('lead-card').filter({ hasText: name });
  const openCrm = async () => {
    await page.goto(`${testApp.baseUrl}/admin`);
    await page.getByRole('tab', { name: 'CRM' }).click();
  };
  const openEmail = async (name: string) => {
    await card(name)
      .getByRole('button', { name: /^Send email to/ })
      .click();
    return page.getByRole('dialog', { name: new RegExp(`Email ${name}`) });
  };
  const receiveReplies = async (leadId: string, count: number) => {
    for (let i = 0; i < count; i++) {
      await testApp.app.get(CommandBus).execute(
        new RecordReplyCommand(leadId, {
          body: `Vastaus ${i}`,
          subject: 'Re: Tarjous',
          source: 'imap',
        }),
      );
    }
  };

  it('should send with Enter, keep Shift+Enter lines, and show the message delivered', async () => {
    await createTestLead(testApp, 'Aino', 'Lähettäjä');
    await openCrm();
    const dialog = await openEmail('Aino Lähettäjä');
    const message = dialog.getByLabel('Message');
    await message.click();
    await page.keyboard.type('Hei Aino,');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('sopisiko tiistai?');
    await page.keyboard.press('Enter');
    await page.getByText('Email queued').waitFor();
    expect(await page.getByText(/delivered to the customer/).count()).toBe(0);
    expect(await message.inputValue()).toBe('');
    const bubble = dialog.getByTestId('email-message').filter({ hasText: 'sopisiko tiistai?' });
    await bubble.getByTestId('delivery-state').filter({ hasText: 'Delivered' }).waitFor();
    expect(await bubble.getAttribute('data-direction')).toBe('sent');
    const mail = sink.received.find((m) => m.parsed.text === 'Hei Aino,\nsopisiko tiistai?');
    expect(mail?.recipients).toEqual(['aino.lähettäjä@example.fi']);
  });

  it('should add a customer reply on the left of the conversation', async () => {
    await createTestLead(testApp, 'Ville', 'Vastaaja');
    await openCrm();
    const dialog = await openEmail('Ville Vastaaja');
    await dialog.getByRole('button', { name: 'Add customer reply' }).first().click();
    await dialog.getByLabel('Customer reply').fill('Tiistai sopii hyvin.');
    await dialog.getByLabel('Customer reply').press('Enter');
    await page.getByText('Customer reply added').waitFor();
    const bubble = dialog.getByTestId('email-message').filter({ hasText: 'Tiistai sopii hyvin.' });
    await bubble.waitFor();
    expect(await bubble.getAttribute('data-direction')).toBe('received');
    expect(await bubble.getByTestId('delivery-state').count()).toBe(0);
  });

  it("should badge ten unread replies as '9+' and clear the badge once the conversation is opened", async () => {
    const leadId = await createTestLead(testApp, 'Kaisa', 'Kirjoittaja');
    const quiet = await createTestLead(testApp, 'Olli', 'Hiljainen');
    await receiveReplies(leadId, 10);
    await receiveReplies(quiet, 3);
    await openCrm();
    const badge = card('Kaisa Kirjoittaja').getByTestId('unread-badge');
    await badge.getByText('9+').waitFor();
    await card('Olli Hiljainen').getByTestId('unread-badge').getByText('3').waitFor();

    const dialog = await openEmail('Kaisa Kirjoittaja');
    await dialog.getByText('Vastaus 9').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await card('Kaisa Kirjoittaja')
      .getByRole('button', { name: 'Send email to Kaisa Kirjoittaja' })
      .waitFor();
    expect(await badge.getByText('9+').count()).toBe(0);
    const counts = await testApp.app.get(UnreadCountsReader).counts();
    expect(counts[leadId]).toBeUndefined();
    expect(counts[quiet]).toBe(3);
  });

  it('should revalidate the badges it keeps: the server answers an unchanged count 304', async () => {
    const leadId = await createTestLead(testApp, 'Reijo', 'Revalidoija');
    await createTestLead(testApp, 'Tiina', 'Tyhjä');
    await receiveReplies(leadId, 3);
    // Seen by the server: the page is given the kept answer as a 200 either way.
    const answered: { ifNoneMatch?: string; status: number }[] = [];
    const record = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url !== '/api/emails/unread-counts') return;
      const ifNoneMatch = request.headers['if-none-match'];
      response.once('finish', () => answered.push({ ifNoneMatch, status: response.statusCode }));
    };
    const server = testApp.app.getHttpServer();
    server.prependListener('request', record);
    try {
      await openCrm();
      const badge = card('Reijo Revalidoija').getByTestId('unread-badge');
      await badge.getByText('3').waitFor();

      // Opening a conversation with nothing unread refetches the badges, which have not changed.
      const dialog = await openEmail('Tiina Tyhjä');
      await dialog.getByText('No messages yet. Write the first one below.').waitFor();
      // A notice on the live stream may refetch the counts again; every
      // refetch of the unchanged counts must be a 304 all the same.
      await eventually(async () => expect(answered.length).toBeGreaterThanOrEqual(2));
      const [first, ...later] = answered;
      expect(first).toEqual({ ifNoneMatch: undefined, status: 200 });
      for (const again of later) {
        expect(again).toEqual({ ifNoneMatch: expect.stringMatching(/-gzip"$/), status: 304 });
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await badge.getByText('3').waitFor();
    } finally {
      server.off('request', record);
    }
  });

  it('should open the conversation from the overview and from the lead details', async () => {
    await createTestLead(testApp, 'Eeva', 'Yleiskatsaus');
    await page.goto(`${testApp.baseUrl}/admin`);
    await page.getByRole('button', { name: 'Send email to Eeva Yleiskatsaus' }).click();
    const dialog = page.getByRole('dialog', { name: /Email Eeva Yleiskatsaus/ });
    await dialog.getByText('No messages yet. Write the first one below.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'View details of Eeva Yleiskatsaus' }).click();
    await page.getByRole('button', { name: /^Send email to Eeva Yleiskatsaus/ }).click();
    await page.getByRole('dialog', { name: /Email Eeva Yleiskatsaus/ }).waitFor();
  });
});
