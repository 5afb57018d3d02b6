/**
 * What the Lighthouse bench reads out of one run's result: the scores and metrics it judges, the
 * targets, which of them a page misses, and the breakdown that says why (the score alone is too
 * noisy on a shared machine to act on).
 */
import type lighthouse from 'lighthouse';

export type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 150,
  cls: 0.02,
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type Scores = Record<(typeof CATEGORIES)[number], number> & {
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

/**
 * Kept out of search results on purpose (the privacy notice): Lighthouse's "page is blocked from
 * indexing" audit fails there by design, so its SEO score is taken over the other audits.
 */
const NOINDEX_PAGES = ['/legal'];

export function scoresOf(path: string, lhr: Result): Scores {
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: NOINDEX_PAGES.includes(path) ? seoApartFromIndexing(lhr) : score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Infinity),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Infinity),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Infinity).toFixed(3)),
  };
}

function seoApartFromIndexing({ categories, audits }: Result): number {
  const refs = (categories.seo?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && ref.id !== 'is-crawlable',
  );
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const scored = refs.reduce((sum, ref) => sum + ref.weight * (audits[ref.id]?.score ?? 0), 0);
  return Math.round((scored / weight) * 100);
}

/** Each target the scores miss, as "metric value vs target"; empty when all are met. */
export function missesOf(scores: Scores): string[] {
  return [
    ...CATEGORIES.filter((category) => scores[category] < TARGETS[category]).map(
      (category) => `${category} ${scores[category]} < ${TARGETS[category]}`,
    ),
    ...(scores.lcpMs > TARGETS.lcpMs ? [`LCP ${scores.lcpMs} ms > ${TARGETS.lcpMs}`] : []),
    ...(scores.tbtMs > TARGETS.tbtMs ? [`TBT ${scores.tbtMs} ms > ${TARGETS.tbtMs}`] : []),
    ...(scores.cls > TARGETS.cls ? [`CLS ${scores.cls} > ${TARGETS.cls}`] : []),
  ];
}

interface Item {
  [key: string]: unknown;
}

const itemsOf = (lhr: Result, audit: string): Item[] => {
  const details = lhr.audits[audit]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
};

const shortUrl = (url: unknown) =>
  typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '') || '/' : String(url);

const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

/**
 * Why a run scored as it did, in a few lines: what the largest paint was and what delayed it,
 * the long tasks and whose they were, main-thread work by kind, bytes, and what shifted.
 * Main-thread times are Lighthouse's simulated ones (the observed times of this machine × 4).
 */
export function breakdownOf(lhr: Result): string[] {
  const lines: string[] = [];
  const lcp = itemsOf(lhr, 'lcp-breakdown-insight');
  const phases = (lcp[0]?.items as Item[] | undefined) ?? [];
  const element = lcp.find((item) => item.type === 'node');
  if (element) {
    lines.push(`largest paint: ${String(element.snippet).slice(0, 120)}`);
    lines.push(
      `  observed phases: ${phases.map((phase) => `${String(phase.subpart)} ${ms(phase.duration)}`).join(', ')}`,
    );
  }
  const longTasks = itemsOf(lhr, 'long-tasks');
  lines.push(
    `long tasks: ${
      longTasks
        .slice(0, 6)
        .map((task) => `${shortUrl(task.url)} ${ms(task.duration)}`)
        .join(', ') || 'none'
    }`,
  );
  lines.push(
    `main thread: ${itemsOf(lhr, 'mainthread-work-breakdown')
      .map((group) => `${String(group.groupLabel ?? group.group)} ${ms(group.duration)}`)
      .join(', ')}`,
  );
  const resources = itemsOf(lhr, 'resource-summary');
  const kB = (type: string) => {
    const row = resources.find((resource) => resource.resourceType === type);
    return `${type} ${((Number(row?.transferSize) || 0) / 1024).toFixed(1)} kB`;
  };
  lines.push(
    `bytes: ${['total', 'document', 'script', 'image', 'stylesheet', 'font', 'other'].map(kB).join(', ')}`,
  );
  const shifts = itemsOf(lhr, 'layout-shifts');
  if (shifts.length) {
    lines.push(
      `layout shifts: ${shifts
        .map((shift) => {
          const node = shift.node as Item | undefined;
          return `${String(node?.selector ?? '?')} ${Number(shift.score).toFixed(3)}`;
        })
        .join(', ')}`,
    );
  }
  return lines;
}
