import { csvLine } from '#src/contract/csv.js';
import type { LeadView } from '#src/contract/leads.js';

const HEADER = [
  'id',
  'created',
  'source',
  'status',
  'first name',
  'last name',
  'e-mail',
  'phone',
  'address',
  'city',
  'country',
  'door style',
  'doors',
  'drawers',
  'metres',
  'total price',
  'owner',
  'follow-up on',
  'follow-up note',
  'notes',
  'customer message',
];

/**
 * The leads as a spreadsheet opens them, a header row first. Every cell goes through `csvLine`:
 * names and messages are typed by customers, and a formula in them must never run.
 */
export function leadsCsv(
  leads: readonly LeadView[],
  names: { column(id: string): string; member(id: string): string },
): string {
  return [
    csvLine(HEADER),
    ...leads.map((lead) =>
      csvLine([
        lead.id,
        lead.createdAt,
        lead.source,
        names.column(lead.status),
        lead.customerFirstName,
        lead.customerLastName,
        lead.customerEmail,
        lead.customerPhone,
        lead.customerAddress,
        lead.customerCity,
        lead.customerCountry,
        lead.doorStyle,
        lead.doors,
        lead.drawers,
        lead.metres,
        lead.totalPrice,
        lead.ownerId ? names.member(lead.ownerId) : '',
        lead.followUpOn,
        lead.followUpOn ? lead.followUpNote : '',
        lead.notes,
        lead.message,
      ]),
    ),
  ].join('');
}
