import { WEB_VITALS, type PageVitals, type WebVitalMetric } from '#src/contract/analytics';
import { formatNumber } from '@/shared/format/format';

const seconds = new Intl.NumberFormat('fi-FI', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const score = new Intl.NumberFormat('fi-FI', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const share = new Intl.NumberFormat('fi-FI', { style: 'percent', maximumFractionDigits: 0 });

export interface WebVitalCell {
  metric: WebVitalMetric;
  /** `2,1 s`, `180 ms`, `0,05`; a dash when no page view reported it. */
  p75: string;
  /** `84 %` of the page views rated good. */
  good: string;
  /** Whether the 75th percentile itself is good: three in four views were. */
  passes: boolean | null;
  samples: number;
  /** `1 view`, `1 234 views`: how many page views reported it. */
  views: string;
}

const viewCount = (samples: number) =>
  `${formatNumber(samples)} ${samples === 1 ? 'view' : 'views'}`;

/** A value as the Chrome UX Report shows it: LCP in seconds, INP in milliseconds, CLS a score. */
export function formatVital(metric: WebVitalMetric, value: number): string {
  if (metric === 'LCP') return `${seconds.format(value / 1000)} s`;
  if (metric === 'INP') return `${formatNumber(Math.round(value))} ms`;
  return score.format(value);
}

/** One cell per Core Web Vital, in the order of `WEB_VITALS`, for a page's row. */
export function webVitalCells({ vitals }: PageVitals): WebVitalCell[] {
  return WEB_VITALS.map(({ metric, goodAtMost }) => {
    const vital = vitals.find((v) => v.metric === metric);
    if (!vital)
      return { metric, p75: '–', good: '–', passes: null, samples: 0, views: viewCount(0) };
    return {
      metric,
      p75: formatVital(metric, vital.p75),
      good: share.format(vital.goodShare),
      passes: vital.p75 <= goodAtMost,
      samples: vital.samples,
      views: viewCount(vital.samples),
    };
  });
}
