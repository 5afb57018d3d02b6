import AxeBuilder from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import type { BrowserAppFixture } from './browser-app.js';
import { waitForHydration } from './browser.js';

/** The screen the public page specs read the site on unless they ask for a phone's. */
export const PUBLIC_VIEWPORT = { width: 1280, height: 900 };

/** An 8 × 8 JPEG of one colour: a pattern image that costs nothing to serve or decode. */
export const tinyJpeg = (background: string): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * Answers the pattern images of `page` at once with `image`: serving them is the patterns
 * module's concern, tested end to end. The images `fails` names are refused instead.
 */
export function answerPatternImages(
  page: Page,
  image: Buffer,
  fails: (url: string) => boolean = () => false,
): Promise<unknown> {
  return page.route('**/vinyl_patterns/**', (route) =>
    fails(route.request().url())
      ? route.abort()
      : route.fulfill({ body: image, contentType: 'image/jpeg' }),
  );
}

export interface PublicPageOptions extends BrowserContextOptions {
  /** Runs on the new page before it loads: routes, init scripts. */
  prepare?: (page: Page) => Promise<unknown>;
}

/** Opens `path` of the site on a page of its own and waits until React has taken it over. */
export async function openPublicPage(
  app: BrowserAppFixture,
  path: string,
  { prepare, ...contextOptions }: PublicPageOptions = {},
): Promise<Page> {
  const page = await app.newPage({
    ...contextOptions,
    viewport: contextOptions.viewport ?? PUBLIC_VIEWPORT,
  });
  await prepare?.(page);
  await page.goto(`${app.testApp.baseUrl}${path}`);
  await waitForHydration(page);
  return page;
}

/** Serious and critical axe findings, as "rule: target" lines, so a failure names them. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
}
