/** The analytics summary's vocabulary, shared by the server and the admin app. */

/** The steps of the public funnel, in order, with the analytics event each one counts. */
export const FUNNEL_STEPS = [
  { step: 'visit', label: 'Visits', event: 'page_view' },
  { step: 'visualizer', label: 'Visualizations', event: 'visualization_completed' },
  { step: 'quote', label: 'Quotes', event: 'quote_submitted' },
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number]['step'];

export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;

export interface PageViewsDay {
  /** The day in the company's time zone, YYYY-MM-DD. */
  day: string;
  page: string;
  views: number;
}

export interface AnalyticsSummary {
  from: string;
  to: string;
  pageViews: PageViewsDay[];
  funnel: { step: FunnelStep; label: string; count: number }[];
}
