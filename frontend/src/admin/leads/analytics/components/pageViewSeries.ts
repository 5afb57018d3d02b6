import type { PageViewsDay } from '#src/contract/analytics';

/** Pages drawn as series of their own; the rest are summed as "Other pages". */
const SERIES_PAGES = 5;

export interface PageViewSeries {
  days: string[];
  series: { label: string; data: number[] }[];
}

/** Stacked series per day for the most viewed pages, the rest together. */
export function pageViewSeries(rows: readonly PageViewsDay[]): PageViewSeries {
  const days = [...new Set(rows.map((row) => row.day))].sort();
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.page, (totals.get(row.page) ?? 0) + row.views);
  const top = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, SERIES_PAGES)
    .map(([page]) => page);
  const labelOf = (page: string) => (top.includes(page) ? page : 'Other pages');
  const labels = [...top, ...(totals.size > top.length ? ['Other pages'] : [])];
  const series = labels.map((label) => ({ label, data: days.map(() => 0) }));
  for (const row of rows) {
    const serie = series.find((s) => s.label === labelOf(row.page))!;
    serie.data[days.indexOf(row.day)] += row.views;
  }
  return { days, series };
}
