/**
 * Lighthouse (mobile defaults: a slow phone on a slow network, simulated) against every public
 * page of the production build, served by the real app. Prints the median of the runs per page,
 * what each page misses and, for those pages, the breakdown of their median run (largest paint,
 * long tasks, main-thread work, bytes, layout shifts); exits 1 when a page misses a target. The
 * main-thread CPU time of one traced load tells the page's own work apart from the machine's load.
 * Needs `npm run build:frontend` first.
 *
 *   npm run bench -- lighthouse                   every public page, 3 runs each
 *   npm run bench -- lighthouse --runs 1 --pages /,/quote
 *   npm run bench -- lighthouse --explain         the breakdown of every page, not only failing ones
 *   npm run bench -- lighthouse --reports dir     also keeps every run's Lighthouse JSON in dir
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startBenchApp, startBenchDatabase } from './bench-support.ts';
import { breakdownOf, missesOf, scoresOf, type Result, type Scores } from './lighthouse-report.ts';
import { mainThreadTime, type MainThreadTime } from './main-thread-time.ts';

const PUBLIC_PAGES = ['/', '/quote', '/visualizer', '/patterns', '/contact', '/legal', '/privacy'];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    explain: { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const runs = Number(values.runs);
const pages = values.pages ? values.pages.split(',') : PUBLIC_PAGES;

if (!existsSync(join(process.cwd(), 'frontend', 'dist', 'prerendered.json'))) {
  console.error('frontend/dist has no prerendered pages: run `npm run build:frontend` first');
  process.exit(2);
}
if (values.reports) mkdirSync(values.reports, { recursive: true });

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

/**
 * One unmeasured visit per page first, as a server that has been up a while has had: pictures
 * the server encodes on their first request (pattern previews) are then cached, and the first
 * measured run does not time that encoding on the same cores as the browser.
 */
async function warmUp(path: string): Promise<void> {
  const page = await chrome.newPage();
  try {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  } finally {
    await page.close();
  }
}

async function audit(path: string, run: number): Promise<Result> {
  const result = await lighthouse(`${base}${path}`, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  // A run Lighthouse could not finish (e.g. no paint it recognised) scores 0 and so fails.
  if (lhr.runtimeError)
    console.error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (values.reports) {
    const name = `${path.replace(/\W+/g, '_').replace(/^_$/, 'home')}-${run + 1}.json`;
    writeFileSync(join(values.reports, name), JSON.stringify(lhr));
  }
  return lhr;
}

interface PageResult {
  page: string;
  scores: Scores;
  /** Lighthouse's measure of this machine's CPU during the runs (median): higher is faster. */
  benchmarkIndex: number;
  /** The page's main-thread tasks in one more load, traced. */
  mainThread: MainThreadTime;
  misses: string[];
  /** The run whose performance score is the median one. */
  medianRun: Result;
}

function summarise(page: string, results: Result[], mainThread: MainThreadTime): PageResult {
  const runScores = results.map((lhr) => scoresOf(page, lhr));
  const key = <K extends keyof Scores>(name: K) => median(runScores.map((scores) => scores[name]));
  const scores: Scores = {
    performance: key('performance'),
    accessibility: key('accessibility'),
    'best-practices': key('best-practices'),
    seo: key('seo'),
    lcpMs: key('lcpMs'),
    tbtMs: key('tbtMs'),
    cls: key('cls'),
  };
  const medianRun = results[runScores.findIndex((run) => run.performance === scores.performance)];
  return {
    page,
    scores,
    benchmarkIndex: Math.round(median(results.map((lhr) => lhr.environment.benchmarkIndex))),
    mainThread,
    misses: missesOf(scores),
    medianRun,
  };
}

const pageResults: PageResult[] = [];
try {
  for (const page of pages) await warmUp(page);
  for (const page of pages) {
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(page, run));
    pageResults.push(summarise(page, results, await mainThreadTime(chrome, `${base}${page}`)));
  }
} finally {
  await chrome.close();
  await app.close();
  await database.stop();
}

console.log(`Lighthouse mobile, median of ${runs} run(s) per page`);
console.table(
  pageResults.map(({ page, scores, benchmarkIndex, mainThread, misses }) => ({
    page,
    ...scores,
    benchmarkIndex,
    'main thread cpu/wall ms': `${mainThread.cpuMs} / ${mainThread.wallMs}`,
    misses: misses.join('; ') || 'none',
  })),
);
console.log(
  'benchmarkIndex: the CPU speed Lighthouse measured before each run. Its simulated phone runs ' +
    "the page's main-thread work observed here 4 times slower, so on a busy machine (a low " +
    'index) time the page waited for a core counts as work: compare runs at similar indexes.\n' +
    "main thread cpu/wall: the renderer's tasks in one traced load of the page, as CPU time " +
    '(the work the page asks for) and as wall time (what Lighthouse observes).',
);
for (const { page, misses, medianRun } of pageResults) {
  if (!misses.length && !values.explain) continue;
  console.log(`\n${page}, median run:\n  ${breakdownOf(medianRun).join('\n  ')}`);
}
const failing = pageResults.filter(({ misses }) => misses.length);
if (failing.length) {
  console.error(
    `\nBelow target:\n${failing.map(({ page, misses }) => `${page}: ${misses.join(', ')}`).join('\n')}`,
  );
  process.exitCode = 1;
} else {
  console.log('\nEvery page meets every target');
}
