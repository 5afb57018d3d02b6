import type { IncomingMessage, ServerResponse } from 'node:http';
import { CommandBus } from '@nestjs/cqrs';
import { RecordReplyCommand } from '#src/modules/mail/commands/record-reply/record-reply.command.js';
import { UnreadCountsReader } from '#src/modules/mail/queries/unread-counts.reader.js';
import { useAdminBrowser } from '../support/admin-browser.js';
import { createTestLead } from '../support/leads.js';
import { eventually } from '../support/mail.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';

describe('E-mail dialog in Chromium', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const admin = useAdminBrowser({
    role: 'salesperson',
    profile: { firstName: 'Sami', lastName: 'Seller' },
    env: () => ({ SMTP_URL: sink.url }),
  });
  afterAll(() => sink?.stop());
  const card = (name: string) => admin.page.getByTestId('lead-card').filter({ hasText: name });
  const openCrm = async () => {
    await admin.openAdmin();
    await admin.page.getByRole('tab', { name: 'CRM' }).click();
  };
  const openEmail = async (name: string) => {
    await card(name)
      .getByRole('button', { name: /^Send email to/ })
      .click();
    return admin.page.getByRole('dialog', { name: new RegExp(`Email ${name}`) });
  };
  const receiveReplies = async (leadId: string, count: number) => {
    for (let i = 0; i < count; i++) {
      await admin.testApp.app.get(CommandBus).execute(
        new RecordReplyCommand(leadId, {
          body: `Vastaus ${i}`,
          subject: 'Re: Tarjous',
          source: 'imap',
        }),
      );
    }
  };

  it('should send with Enter, keep Shift+Enter lines, and show the message delivered', async () => {
    await createTestLead(admin.testApp, { firstName: 'Aino', lastName: 'Lähettäjä' });
    await openCrm();
    const dialog = await openEmail('Aino Lähettäjä');
    const message = dialog.getByLabel('Message');
    await message.click();
    await admin.page.keyboard.type('Hei Aino,');
    await admin.page.keyboard.press('Shift+Enter');
    await admin.page.keyboard.type('sopisiko tiistai?');
    await admin.page.keyboard.press('Enter');
    await admin.page.getByText('Email queued').waitFor();
    expect(await admin.page.getByText(/delivered to the customer/).count()).toBe(0);
    expect(await message.inputValue()).toBe('');
    const bubble = dialog.getByTestId('email-message').filter({ hasText: 'sopisiko tiistai?' });
    await bubble.getByTestId('delivery-state').filter({ hasText: 'Delivered' }).waitFor();
    expect(await bubble.getAttribute('data-direction')).toBe('sent');
    const mail = sink.received.find((m) => m.parsed.text === 'Hei Aino,\nsopisiko tiistai?');
    expect(mail?.recipients).toEqual(['aino.lähettäjä@example.fi']);
  });

  it('should add a customer reply on the left of the conversation', async () => {
    await createTestLead(admin.testApp, { firstName: 'Ville', lastName: 'Vastaaja' });
    await openCrm();
    const dialog = await openEmail('Ville Vastaaja');
    await dialog.getByRole('button', { name: 'Add customer reply' }).first().click();
    await dialog.getByLabel('Customer reply').fill('Tiistai sopii hyvin.');
    await dialog.getByLabel('Customer reply').press('Enter');
    await admin.page.getByText('Customer reply added').waitFor();
    const bubble = dialog.getByTestId('email-message').filter({ hasText: 'Tiistai sopii hyvin.' });
    await bubble.waitFor();
    expect(await bubble.getAttribute('data-direction')).toBe('received');
    expect(await bubble.getByTestId('delivery-state').count()).toBe(0);
  });

  it("should badge ten unread replies as '9+' and clear the badge once the conversation is opened", async () => {
    const leadId = await createTestLead(admin.testApp, {
      firstName: 'Kaisa',
      lastName: 'Kirjoittaja',
    });
    const quiet = await createTestLead(admin.testApp, { firstName: 'Olli', lastName: 'Hiljainen' });
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
    const counts = await admin.testApp.app.get(UnreadCountsReader).counts();
    expect(counts[leadId]).toBeUndefined();
    expect(counts[quiet]).toBe(3);
  });

  it('should revalidate the badges it keeps: the server answers an unchanged count 304', async () => {
    const leadId = await createTestLead(admin.testApp, {
      firstName: 'Reijo',
      lastName: 'Revalidoija',
    });
    await createTestLead(admin.testApp, { firstName: 'Tiina', lastName: 'Tyhjä' });
    await receiveReplies(leadId, 3);
    // Seen by the server: the admin.page is given the kept answer as a 200 either way.
    const answered: { ifNoneMatch?: string; status: number }[] = [];
    const record = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url !== '/api/emails/unread-counts') return;
      const ifNoneMatch = request.headers['if-none-match'];
      response.once('finish', () => answered.push({ ifNoneMatch, status: response.statusCode }));
    };
    const server = admin.testApp.app.getHttpServer();
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
    await createTestLead(admin.testApp, { firstName: 'Eeva', lastName: 'Yleiskatsaus' });
    await admin.openAdmin();
    await admin.page.getByRole('button', { name: 'Send email to Eeva Yleiskatsaus' }).click();
    const dialog = admin.page.getByRole('dialog', { name: /Email Eeva Yleiskatsaus/ });
    await dialog.getByText('No messages yet. Write the first one below.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await admin.page.getByRole('button', { name: 'View details of Eeva Yleiskatsaus' }).click();
    await admin.page.getByRole('button', { name: /^Send email to Eeva Yleiskatsaus/ }).click();
    await admin.page.getByRole('dialog', { name: /Email Eeva Yleiskatsaus/ }).waitFor();
  });
});
