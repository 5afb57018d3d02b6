import { type EventTypeDeclaration, field } from '#src/platform/event-store/event-types.js';
import { EXPORT_FILTER_KINDS } from '#src/platform/data-access/record-data-access.command.js';

/** The shapes of the records of reads of personal data (data-access.events.ts): no values. */
export const DATA_ACCESS_EVENT_DECLARATIONS: EventTypeDeclaration[] = [
  { type: 'LeadDetailsViewed', data: { leadId: field.id } },
  {
    type: 'PersonalDataExported',
    data: {
      what: field.enum(['audit_log_csv', 'leads_csv', 'subject_access']),
      filterKinds: field.array(field.enum(EXPORT_FILTER_KINDS)),
      rows: field.number,
    },
  },
];
