import type { Metric } from 'web-vitals';
import { trackEvent } from './analytics';

/**
 * Core Web Vitals of this page view (LCP, INP, CLS), measured by the `web-vitals` library and sent
 * as anonymous analytics events: the metric, its value and rating and the page, nothing about the
 * visitor (docs/product.md#cookies-and-analytics). Each is sent once, when the library reports its
 * final value (at the latest when the page is hidden).
 */
export function reportWebVitals(): void {
  const page = window.location.pathname;
  const send = ({ name, value, rating }: Metric) =>
    trackEvent('web_vital', { metric: name, value: Math.round(value * 1000) / 1000, rating }, page);
  // Its own small chunk, fetched after the page has loaded.
  void import('web-vitals').then(({ onCLS, onINP, onLCP }) => {
    onLCP(send);
    onINP(send);
    onCLS(send);
  });
}
