import type { HistoryFieldChange } from '#src/contract/lead-history';
import type { LeadSource } from '#src/contract/leads';

/** English admin texts for leads, toasts included (docs/product.md#messages). */
export const leadCopy = {
  trashed: { title: 'Lead moved to trash' },
  trashFailed: {
    title: 'Failed to delete lead',
    description: 'There was an error moving the lead to trash. Please try again.',
  },
  restored: { title: 'Lead restored' },
  restoreFailed: { title: 'Failed to restore lead' },
  updated: { title: 'Success', description: 'Lead information updated successfully' },
  updateFailed: { title: 'Error', fallback: 'Failed to update lead information' },
  created: { title: 'Lead created successfully' },
  createFailed: { title: 'Failed to create lead' },
  requiredFields: 'Please fill in required fields (First Name, Last Name, Email)',
  fetchQuotesFailed: 'Failed to fetch quotes',
  accessExportFailed: "Could not export this person's data",
  fetchDeletedFailed: 'Failed to fetch deleted quotes',
  fetchHistoryFailed: 'Failed to fetch activity logs',
  conflict: (who: string | null) =>
    `This lead was changed by ${who ?? 'someone else'} a moment ago. Reload to see the latest version; your edits are kept until you do.`,
  changedElsewhere:
    'This lead was changed by someone else while you had it open. Reload to see the latest version; saving now would be refused.',
  erased: { title: 'Lead deleted permanently' },
  followUpDone: 'Follow-up marked done',
  exportFailed: 'The leads could not be exported. Please try again.',
  eraseFailed: { title: 'Failed to delete lead permanently' },
};

export const SOURCE_LABELS: Record<LeadSource, string> = {
  quote: 'quote request',
  contact_form: 'contact form',
  manual: 'added by staff',
};

export const FIELD_LABELS: Record<HistoryFieldChange['field'], string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  country: 'Country',
  doorStyle: 'Door style',
  doors: 'Doors',
  drawers: 'Drawers',
  metres: 'Metres',
  totalPrice: 'Total price',
};
