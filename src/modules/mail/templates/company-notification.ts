import { escapeHtml, headerSafe, textToHtml, wrapHtml } from './escape-html.js';
import type { RenderedEmail } from './rendered-email.js';

export interface CompanyNotificationInput {
  kind: 'quote' | 'contact_form';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message?: string;
  totalPrice: number;
  leadUrl: string;
}

/** Tells the company mailbox a quote or a contact message arrived, linking to the lead. */
export function renderCompanyNotification(input: CompanyNotificationInput): RenderedEmail {
  const name = `${input.firstName} ${input.lastName}`.trim();
  const what = input.kind === 'quote' ? 'New quote request' : 'New contact message';
  const facts = [
    `Customer: ${name}`,
    `Email: ${input.email}`,
    `Phone: ${input.phone || '–'}`,
    ...(input.kind === 'quote' ? [`Total: ${input.totalPrice} € incl. VAT`] : []),
  ];
  const message = input.message ? `Message:\n${input.message}` : '';
  const text = [`${what}.`, facts.join('\n'), message, `Open the lead: ${input.leadUrl}`]
    .filter(Boolean)
    .join('\n\n');
  const html = wrapHtml(
    [
      `<p>${what}.</p>`,
      `<p>${facts.map(escapeHtml).join('<br>')}</p>`,
      message ? textToHtml(message) : '',
      `<p><a href="${escapeHtml(input.leadUrl)}">Open the lead</a></p>`,
    ].join('\n'),
  );
  return { subject: `${what}: ${headerSafe(name)}`, text, html };
}
