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

/** The analytics event a page view's Core Web Vital is sent as, with `WebVitalData`. */
export const WEB_VITAL_EVENT = 'web_vital';

/**
 * The Core Web Vitals shown to staff and the most a value is "good" at: the thresholds of the
 * Chrome UX Report. LCP and INP in milliseconds, CLS a score without unit.
 */
export const WEB_VITALS = [
  { metric: 'LCP', label: 'Largest Contentful Paint', goodAtMost: 2500, unit: 'ms' },
  { metric: 'INP', label: 'Interaction to Next Paint', goodAtMost: 200, unit: 'ms' },
  { metric: 'CLS', label: 'Cumulative Layout Shift', goodAtMost: 0.1, unit: '' },
] as const;
export type WebVitalMetric = (typeof WEB_VITALS)[number]['metric'];
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;

/** What a `web_vital` event carries: the `web-vitals` library's final value and its rating. */
export interface WebVitalData {
  metric: WebVitalMetric;
  value: number;
  rating: (typeof WEB_VITAL_RATINGS)[number];
}

/** As the Chrome UX Report: the last 28 days. */
export const WEB_VITALS_DEFAULT_DAYS = 28;

export interface PageVital {
  metric: WebVitalMetric;
  /** The 75th percentile of the page views' values: three in four were this good or better. */
  p75: number;
  /** Share of the page views whose value was good (at most the metric's `goodAtMost`), 0..1. */
  goodShare: number;
  samples: number;
}

export interface PageVitals {
  page: string;
  /** In the order of `WEB_VITALS`; a metric no page view reported is left out. */
  vitals: PageVital[];
}

export interface WebVitalsSummary {
  from: string;
  to: string;
  /** Most measured page views first. */
  pages: PageVitals[];
}
