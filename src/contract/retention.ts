/**
 * How long personal data is kept. The data-protection jobs erase by these periods and the
 * privacy pages print them, so what the pages promise is what the server does.
 */
export const PERSONAL_DATA_RETENTION = {
  /** Quote leads: erased this many years after their last activity. */
  quoteLeadYears: 2,
  /** Contact-form (customer-service) leads: erased this many years after the last contact. */
  contactYears: 1,
  /** Kitchen photos and their renders, from the visualization. */
  visualizationDays: 30,
  /** Cookies and browser storage at most. */
  cookieMonths: 24,
} as const;
