/** English admin texts of the Reports tab (docs/product.md#messages). */
export const reportCopy = {
  heading: 'Reports',
  intro:
    'Each report is computed from the whole history of events. Build a report once; it then stays up to date by itself.',
  notBuilt: 'Not built',
  ready: 'Up to date',
  outdated: 'A newer version of this report exists: rebuild it to see it.',
  build: 'Build report',
  rebuild: 'Rebuild',
  resume: 'Resume build',
  building: 'Building…',
  fetchFailed: 'Failed to fetch reports',
  reportFailed: 'Failed to load the report',
  buildFailed: 'Failed to start the build',
  buildStopped: (error: string | null) =>
    error ? `The build stopped: ${error}` : 'The build stopped before it finished.',
  leavePage:
    'You can leave this page: the build goes on, and the report appears here when it is done.',
  exportCsv: 'Export CSV',
  noRows: 'Nothing to show yet.',
};
