import { DataAccessEvents } from '#src/modules/audit/domain/data-access.events.js';
import type {
  ExportKind,
  LeadDetailsViewedData,
  PersonalDataExportedData,
} from '#src/platform/data-access/record-data-access.command.js';
import type { PresenterTable } from './presenter.types.js';

const EXPORT_WORDS: Record<Exclude<ExportKind, 'subject_access'>, string> = {
  audit_log_csv: 'the audit log as CSV',
  leads_csv: 'the leads as CSV',
};

export const dataAccessPresenters: PresenterTable = {
  [DataAccessEvents.LeadDetailsViewed]: ({ event, names, actor }) => {
    const { leadId } = event.data as LeadDetailsViewedData;
    return {
      target: { kind: 'lead', id: leadId },
      sentence: `${actor} opened the details of ${names.lead(leadId)}`,
    };
  },
  [DataAccessEvents.PersonalDataExported]: ({ event, actor }) => {
    const { what, rows, filterKinds } = event.data as PersonalDataExportedData;
    if (what === 'subject_access') {
      return {
        target: null,
        sentence: `${actor} exported one person's data for the right of access (${rows} leads)`,
      };
    }
    const by = filterKinds?.length ? `, filtered by ${filterKinds.join(', ')}` : '';
    return {
      target: null,
      sentence: `${actor} exported ${EXPORT_WORDS[what] ?? what} (${rows} rows${by})`,
    };
  },
};
