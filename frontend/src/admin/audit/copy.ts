import { AUDIT_ACTIONS } from '#src/contract/audit';

/** The audit log's and the past board's English copy, in one place. */
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
  boardAsOf: 'Show board as of',
  viewingPast: (when: string) => `Read-only: the pipeline as it was on ${when}.`,
  backToNow: 'Back to now',
  boardAsOfFailed: 'The board of that moment could not be loaded',
  erasedLead: 'Erased lead',
  moreLeads: (n: number) => `+ ${n} more`,
};

/** The event types the action filter offers, with their labels. */
export const ACTION_TYPES = Object.entries(AUDIT_ACTIONS).map(([type, label]) => ({ type, label }));
