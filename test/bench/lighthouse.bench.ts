/**
 * Lighthouse (mobile defaults: a slow phone on a slow network, simulated) against every public
 * page of the production build, served by the real app. Prints the median of the runs per page
 * and exits 1 when a page misses a target. Needs `npm run build:frontend` first.
 *
 *   npm run bench -- lighthouse                   every public page, 3 runs each
 *   npm run bench -- lighthouse --runs 1 --pages /,/quote
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startBenchApp, startBenchDatabase } from './bench-support.ts';

const PUBLIC_PAGES = ['/', '/quote', '/visualizer', '/patterns', '/contact', '/legal', '/privacy'];

/**
 * Kept out of search results on purpose (the privacy notice): Lighthouse's "page is blocked from
 * indexing" audit fails there by design, so its SEO score is taken over the other audits.
 */
const NOINDEX_PAGES = ['/legal'];

const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 150,
  cls: 0.02,
};

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, pages: { type: 'string' } },
});
const runs = Number(values.runs);
const pages = values.pages ? values.pages.split(',') : PUBLIC_PAGES;

if (!existsSync(join(process.cwd(), 'frontend', 'dist', 'prerendered.json'))) {
  console.error('frontend/dist has no prerendered pages: run `npm run build:frontend` first');
  process.exit(2);
}

interface Run {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const database = await startBenchDatabase();
const { app, base } = await startBenchApp(database.url);
// Lighthouse drives the browser over its DevTools port, in a tab of its own.
const debuggingPort = await freePort();
const chrome = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debuggingPort}`],
});

async function audit(path: string): Promise<Run> {
  const result = await lighthouse(`${base}${path}`, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A run Lighthouse could not finish (e.g. no paint it recognised) counts as a failed run.
  if (runtimeError) console.error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: NOINDEX_PAGES.includes(path) ? seoApartFromIndexing(result.lhr) : score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Infinity,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Infinity,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Infinity,
  };
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function seoApartFromIndexing({ categories, audits }: Result): number {
  const refs = (categories.seo?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && ref.id !== 'is-crawlable',
  );
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const scored = refs.reduce((sum, ref) => sum + ref.weight * (audits[ref.id]?.score ?? 0), 0);
  return Math.round((scored / weight) * 100);
}

const rows: (Run & { page: string })[] = [];
try {
  for (const page of pages) {
    const results: Run[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(page));
    const key = (name: keyof Run) => median(results.map((result) => result[name]));
    rows.push({
      page,
      performance: key('performance'),
      accessibility: key('accessibility'),
      'best-practices': key('best-practices'),
      seo: key('seo'),
      lcpMs: Math.round(key('lcpMs')),
      tbtMs: Math.round(key('tbtMs')),
      cls: Number(key('cls').toFixed(3)),
    });
  }
} finally {
  await chrome.close();
  await app.close();
  await database.stop();
}

console.log(`Lighthouse mobile, median of ${runs} run(s) per page`);
console.table(rows);
const misses = rows.flatMap((row) => [
  ...(['performance', 'accessibility', 'best-practices', 'seo'] as const)
    .filter((category) => row[category] < TARGETS[category])
    .map((category) => `${row.page}: ${category} ${row[category]} < ${TARGETS[category]}`),
  ...(row.lcpMs > TARGETS.lcpMs ? [`${row.page}: LCP ${row.lcpMs} ms > ${TARGETS.lcpMs}`] : []),
  ...(row.tbtMs > TARGETS.tbtMs ? [`${row.page}: TBT ${row.tbtMs} ms > ${TARGETS.tbtMs}`] : []),
  ...(row.cls > TARGETS.cls ? [`${row.page}: CLS ${row.cls} > ${TARGETS.cls}`] : []),
]);
if (misses.length) {
  console.error(`Below target:\n${misses.join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('Every page meets every target');
}
