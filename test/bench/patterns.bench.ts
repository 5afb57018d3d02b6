/**
 * Pattern library speed:
 *   1. texture generation per pattern (full 1024² tile and 320² grid preview), by family, and
 *      what warming the whole catalogue costs;
 *   2. /patterns in Chromium with the full catalogue: first contentful paint, time until the
 *      results line and until the first page's thumbnails are shown, and the bytes transferred —
 *      on a cold server (previews generated on request) and a warm one (previews on disk).
 *
 *   npm run build && node test/bench/patterns.bench.ts [--samples 2]
 */
import { parseArgs } from 'node:util';
import { PatternCatalogue } from '#src/modules/patterns/index.js';
import { PATTERN_FAMILIES } from '#src/modules/patterns/domain/pattern.js';
import { renderTextureJpeg } from '#src/modules/patterns/textures/render-texture.js';
import type { TestBrowser } from '../support/browser.js';
import { startBenchApp, startBenchDatabase } from './bench-support.ts';

// The browser helper is TypeScript run as is (type stripping), so it is loaded by its file name.
const { launchBrowser } = (await import(
  new URL('../support/browser.ts', import.meta.url).href
)) as {
  launchBrowser: () => Promise<TestBrowser>;
};

const { values: args } = parseArgs({ options: { samples: { type: 'string', default: '2' } } });
const SAMPLES_PER_FAMILY = Number(args.samples);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function benchGeneration(catalogue: PatternCatalogue): Promise<void> {
  console.log('\nTexture generation (single thread, this machine):');
  const rows = [];
  let totalFull = 0;
  let count = 0;
  for (const family of PATTERN_FAMILIES) {
    const entries = catalogue
      .entries()
      .filter((entry) => entry.family === family)
      .slice(0, SAMPLES_PER_FAMILY);
    let full = 0;
    let preview = 0;
    let bytes = 0;
    for (const entry of entries) {
      let started = performance.now();
      const jpeg = await renderTextureJpeg(entry.family, entry.params);
      full += performance.now() - started;
      bytes += jpeg.length;
      started = performance.now();
      await renderTextureJpeg(entry.family, entry.params, 320, 78);
      preview += performance.now() - started;
    }
    totalFull += full;
    count += entries.length;
    rows.push({
      family,
      'full 1024² (ms)': Math.round(full / entries.length),
      'preview 320² (ms)': Math.round(preview / entries.length),
      'full JPEG': kb(bytes / entries.length),
    });
  }
  console.table(rows);
  const mean = totalFull / count;
  console.log(
    `mean ${mean.toFixed(0)} ms per full texture → warming all ${catalogue.entries().length} ≈ ${((mean * catalogue.entries().length) / 1000 / 60).toFixed(1)} min of one core (background, once per install)`,
  );
}

interface PageNumbers {
  fcp: number;
  resultsShown: number;
  thumbnailsShown: number;
  transferred: number;
  images: number;
  imageBytes: number;
  apiBytes: number;
  scriptBytes: number;
}

async function measurePage(browser: TestBrowser, url: string): Promise<PageNumbers> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText(/^Näytetään 1-24 \//).waitFor({ timeout: 60_000 });
  const resultsShown = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    () => {
      const images = [
        ...document.querySelectorAll<HTMLImageElement>('[data-testid="pattern-grid"] img'),
      ];
      const onScreen = images.filter((image) => image.getBoundingClientRect().top < innerHeight);
      return (
        onScreen.length > 0 && onScreen.every((image) => image.complete && image.naturalWidth > 0)
      );
    },
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  const thumbnailsShown = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const numbers = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const sum = (list: PerformanceResourceTiming[]) =>
      list.reduce((total, entry) => total + entry.transferSize, 0);
    const images = resources.filter((entry) => entry.initiatorType === 'img');
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      transferred: navigation.transferSize + sum(resources),
      images: images.length,
      imageBytes: sum(images),
      apiBytes: sum(resources.filter((entry) => entry.name.includes('/api/'))),
      scriptBytes: sum(resources.filter((entry) => /\.(js|css)$/.test(entry.name))),
    };
  });
  await context.close();
  return { ...numbers, resultsShown, thumbnailsShown };
}

function report(label: string, numbers: PageNumbers): void {
  console.log(
    `${label}: FCP ${numbers.fcp.toFixed(0)} ms, results ${numbers.resultsShown.toFixed(0)} ms, ` +
      `first-screen thumbnails ${numbers.thumbnailsShown.toFixed(0)} ms; transferred ${kb(numbers.transferred)} ` +
      `(JS/CSS ${kb(numbers.scriptBytes)}, API ${kb(numbers.apiBytes)}, ${numbers.images} images ${kb(numbers.imageBytes)})`,
  );
}

async function main(): Promise<void> {
  const database = await startBenchDatabase();
  const browser = await launchBrowser();
  try {
    const { app, base } = await startBenchApp(database.url);
    const catalogue = app.get(PatternCatalogue);

    const api = await fetch(`${base}/api/patterns`);
    const body = await api.arrayBuffer();
    console.log(
      `GET /api/patterns: ${catalogue.list().length} patterns, ${kb(body.byteLength)} (content-encoding: ${api.headers.get('content-encoding') ?? 'none'})`,
    );

    console.log('\n/patterns in Chromium (1280×800, empty browser cache each run):');
    report(
      'cold server (previews generated on request)',
      await measurePage(browser, `${base}/patterns`),
    );
    report(
      'warm server (previews on disk)             ',
      await measurePage(browser, `${base}/patterns`),
    );

    await benchGeneration(catalogue);
    await app.close();
  } finally {
    await browser.close();
    await database.stop();
  }
}

await main();
