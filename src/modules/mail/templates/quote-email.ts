import type { PriceLineItem } from '#src/modules/leads/index.js';
import { escapeHtml, textToHtml, wrapHtml } from './escape-html.js';
import type { CompanyIdentity, RenderedEmail } from './rendered-email.js';

export interface QuoteEmailInput {
  firstName: string;
  doorStyle: string | null;
  doors: number;
  drawers: number;
  metres: number;
  totalPrice: number;
  priceListVersion?: string;
  lineItems: PriceLineItem[];
}

// Made once: building a number format costs more than rendering the whole e-mail.
const euroAmount = new Intl.NumberFormat('fi-FI', { maximumFractionDigits: 2 });
const euros = (value: number) => `${euroAmount.format(value)} €`;

const NEXT_STEPS =
  'Mitä seuraavaksi?\n' +
  'Otamme sinuun yhteyttä 24 tunnin sisällä ja sovimme maksuttoman mittauskäynnin. ' +
  'Hinta tarkentuu mittauksen jälkeen. Asennus kestää tavallisesti 1–3 päivää.\n' +
  'Voit vastata suoraan tähän viestiin, jos haluat kertoa keittiöstäsi lisää.';

/** The Finnish quote the confirmation page promises, with the server's price breakdown. */
export function renderQuoteEmail(quote: QuoteEmailInput, company: CompanyIdentity): RenderedEmail {
  const summary: [string, string][] = [
    ['Ovimalli', quote.doorStyle ?? '–'],
    ['Ovet', `${quote.doors} kpl`],
    ['Laatikot', `${quote.drawers} kpl`],
    ['Työtaso', `${quote.metres} m`],
  ];
  const lines: [string, string][] = quote.lineItems.map((item) => [
    `${item.label} ${item.quantity} × ${euros(item.unitPrice)}`,
    euros(item.total),
  ]);
  const total: [string, string] = ['Yhteensä (sis. ALV 25,5 %)', euros(quote.totalPrice)];
  const version = quote.priceListVersion ? `Hinnasto: ${quote.priceListVersion}` : '';
  const signature = `Ystävällisin terveisin\n${company.name}\n${company.phone}\n${company.email}`;

  const text = [
    `Hei ${quote.firstName},`,
    `kiitos tarjouspyynnöstäsi! Tässä hinta-arvio keittiösi kalvotuksesta.`,
    summary.map(([label, value]) => `${label}: ${value}`).join('\n'),
    [...lines, total].map(([label, value]) => `${label}: ${value}`).join('\n') +
      (version ? `\n${version}` : ''),
    NEXT_STEPS,
    signature,
  ].join('\n\n');

  const row = ([label, value]: [string, string], strong = false) =>
    `<tr><td style="padding:2px 12px 2px 0">${strong ? '<b>' : ''}${escapeHtml(label)}${strong ? '</b>' : ''}</td>` +
    `<td style="text-align:right">${strong ? '<b>' : ''}${escapeHtml(value)}${strong ? '</b>' : ''}</td></tr>`;
  const html = wrapHtml(
    [
      `<p>Hei ${escapeHtml(quote.firstName)},</p>`,
      '<p>kiitos tarjouspyynnöstäsi! Tässä hinta-arvio keittiösi kalvotuksesta.</p>',
      `<table>${summary.map((r) => row(r)).join('')}</table>`,
      `<table>${lines.map((r) => row(r)).join('')}${row(total, true)}</table>`,
      version ? `<p style="color:#666">${escapeHtml(version)}</p>` : '',
      textToHtml(NEXT_STEPS),
      textToHtml(signature),
    ].join('\n'),
  );
  return {
    subject: `Tarjouksesi keittiön kalvotuksesta – ${company.name}`,
    text,
    html,
  };
}
