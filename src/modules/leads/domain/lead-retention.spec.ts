import { isCustomerServiceLead, retentionCutoffs } from './lead-retention.js';

describe(retentionCutoffs.name, () => {
  it('should put quote leads 2 years and contact messages 1 year back, as the privacy pages say', () => {
    const cutoffs = retentionCutoffs(new Date('2026-11-24T03:00:00Z'));

    expect(cutoffs.quote.toISOString()).toBe('2024-11-24T03:00:00.000Z');
    expect(cutoffs.contact.toISOString()).toBe('2025-11-24T03:00:00.000Z');
  });

  it('should follow configured periods', () => {
    const cutoffs = retentionCutoffs(new Date('2026-01-01T00:00:00Z'), {
      quoteLeadYears: 5,
      contactYears: 3,
    });

    expect(cutoffs.quote.getUTCFullYear()).toBe(2021);
    expect(cutoffs.contact.getUTCFullYear()).toBe(2023);
  });
});

describe(isCustomerServiceLead.name, () => {
  it('should count contact-form leads only as customer-service data', () => {
    expect(isCustomerServiceLead('contact_form')).toBe(true);
    expect(isCustomerServiceLead('quote')).toBe(false);
    expect(isCustomerServiceLead('manual')).toBe(false);
  });
});
