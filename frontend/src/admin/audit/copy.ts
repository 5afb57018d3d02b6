import { AUDIT_ACTIONS } from '#src/contract/audit';

/** The audit log's English copy, in one place. */
export const auditCopy = {
  title: 'Audit log',
  fetchFailed: 'The audit log could not be loaded',
  noRows: 'Nothing happened that matches these filters',
  actor: 'Actor',
  anyone: 'Anyone',
  action: 'Action type',
  anyAction: 'Any action',
  from: 'From',
  to: 'To',
  search: 'Search sentences',
  downloadCsv: 'Download CSV',
  csvFailed: 'The CSV export failed',
  clearFilters: 'Clear filters',
  building: 'The audit log is being built',
  buildingNote: 'The app works meanwhile; the log fills in here when the build is done.',
};

/** The event types the action filter offers, with their labels. */
export const ACTION_TYPES = Object.entries(AUDIT_ACTIONS).map(([type, label]) => ({ type, label }));
