import type { LeadCreated } from '#src/modules/leads/domain/lead.events.js';

/** The customer of the lead the leads specs start from. */
export const AINO = {
  firstName: 'Aino',
  lastName: 'Virtanen',
  email: 'aino@example.fi',
  phone: '+358 40 123 4567',
  address: 'Mannerheimintie 1',
  city: 'Helsinki',
  country: 'FI',
};

/** Aino's order: eight grooved doors, two drawers, 3.5 m of worktop. */
export const AINO_ORDER = {
  doorStyle: 'Uritettu' as const,
  doors: 8,
  drawers: 2,
  metres: 3.5,
  totalPrice: 2490,
};

/** A manual lead for Aino, new, eight grooved doors: the first event of the leads specs. */
export const leadCreatedFor = (leadId: string): LeadCreated => ({
  type: 'LeadCreated',
  data: {
    leadId,
    source: 'manual',
    status: 'new',
    ...AINO_ORDER,
  },
  personalData: { ...AINO },
});
