/** The past board's English copy. */
export const boardAsOfCopy = {
  boardAsOf: 'Show board as of',
  viewingPast: (when: string) => `Read-only: the pipeline as it was on ${when}.`,
  backToNow: 'Back to now',
  boardAsOfFailed: 'The board of that moment could not be loaded',
  erasedLead: 'Erased lead',
  moreLeads: (n: number) => `+ ${n} more`,
};
