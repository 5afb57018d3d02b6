import { DataAccessEvents } from '#src/modules/audit/domain/data-access.events.js';
import type {
  ExportKind,
  LeadDetailsViewedData,
  PersonalDataExportedData,
} from '#src/platform/data-access/record-data-access.command.js';
import type { PresenterTable } from './presenter.types.js';

const EXPORT_WORDS: Record<ExportKind, string> = {
  audit_log_csv: 'the audit log as CSV',
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
    const { what, rows } = event.data as PersonalDataExportedData;
    return {
      target: null,
      sentence: `${actor} exported ${EXPORT_WORDS[what] ?? what} (${rows} rows)`,
    };
  },
};
