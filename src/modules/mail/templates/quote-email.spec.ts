import { NOT_ASKED, renderQuoteEmail } from './quote-email.js';

describe(renderQuoteEmail.name, () => {
  const company = { name: 'Keittiökalvo Oy', phone: '09 123 4567', email: 'info@keittiokalvo.fi' };
  const quote = {
    firstName: 'Aino',
    doorStyle: 'Uritettu',
    doors: 6,
    drawers: 2,
    metres: 2,
    totalPrice: 990,
    lineItems: [{ code: 'doors', label: 'Ovet', quantity: 6, unitPrice: 100, total: 600 }],
  };

  it('should greet by the first name and say what to do if the quote was not asked for', () => {
    const email = renderQuoteEmail(quote, company);
    expect(email.text).toMatch(/^Hei Aino,/);
    expect(email.text).toContain(NOT_ASKED);
    expect(email.html).toContain('Etkö pyytänyt tarjousta?');
  });

  it('should hold nothing else a visitor typed: the subject names only the company', () => {
    const email = renderQuoteEmail(quote, company);
    expect(email.subject).toBe('Tarjouksesi keittiön kalvotuksesta – Keittiökalvo Oy');
  });
});
