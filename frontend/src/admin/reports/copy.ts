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
  noEvents: 'No events of these types yet: the table and the chart fill in as they happen.',
  define: 'Define a report',
  defineTitle: 'Define a report',
  editTitle: 'Edit report',
  edit: 'Edit',
  remove: 'Remove',
  save: 'Save',
  cancel: 'Cancel',
  defineIntro:
    'Choose what to count or measure and how to group it. The report is built from the whole history, then kept up to date.',
  titleLabel: 'Title',
  measureLabel: 'Measure',
  measures: {
    count: 'Count of events',
    sum: 'Sum of a number',
    duration: 'Time between two events of a lead',
  },
  eventTypesLabel: 'Event types',
  fieldLabel: 'Number to sum',
  noNumericField: 'The chosen event types have no number in common.',
  fromLabel: 'From event',
  toLabel: 'To the next event',
  groupByLabel: 'Group by',
  thenByLabel: 'Then by',
  noSecondGrouping: 'Nothing more',
  defineFailed: 'The report could not be saved',
  defined: 'Report defined: it is being built from the whole history.',
  changed: 'Report changed: the new version is being built beside the old one.',
  removeTitle: (title: string) => `Remove the report “${title}”?`,
  removeText:
    'The report leaves this tab and its tables are dropped. The events it was built from stay in the history.',
  removed: 'Report removed',
  removeFailed: 'Failed to remove the report',
  definedBy: (by: string, at: string, revision: number) =>
    `Defined by ${by} on ${at}${revision > 1 ? ` (revision ${revision})` : ''}.`,
  editBuilding: (shown: number) =>
    `Showing revision ${shown} while the edited report is built beside it.`,
};
