import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface TestBrowser {
  browser: Browser;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with nothing that reaches out to the network on its own.
 * Playwright gives every launch a fresh temporary profile.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    newContext: (options) =>
      browser.newContext({ locale: 'fi-FI', timezoneId: 'Europe/Helsinki', ...options }),
    close: () => browser.close(),
  };
}

/** Wide enough for every default pipeline column side by side. */
export const DESKTOP_VIEWPORT = { width: 1700, height: 1000 };

/** Puts `token` where the admin keeps it, in every page of the app that `context` opens. */
export async function holdAdminToken(context: BrowserContext, token: string): Promise<void> {
  // The script runs in every document, the new page's about:blank among them, where reading
  // localStorage throws; only the app's own pages hold the token.
  await context.addInitScript((value) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('adminToken', value);
  }, token);
}

/** A desktop-sized context in which `token`'s staff member is already signed in. */
export async function signedInContext(
  browser: TestBrowser,
  token: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
  await holdAdminToken(context, token);
  return context;
}

/**
 * Until React has hydrated the prerendered page. Its code loads with the page; until it has
 * taken over, the markup shows, links work and clicks on controls wait for the app.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const content = document.querySelector('main')?.firstElementChild;
    return !!content && Object.keys(content).some((key) => key.startsWith('__reactFiber'));
  });
}

/** A browser whose pages' console errors and warnings and uncaught errors are kept. */
export interface WatchedBrowser extends TestBrowser {
  /** What the pages logged since the last call: a spec expects none. */
  takeConsoleProblems(): string[];
}

/**
 * Watches every context `browser` opens for console errors and warnings (React's hydration and
 * key warnings among them) and uncaught errors. The browser's own notes on a failed resource are
 * left out: a spec that provokes a refusal or a missing image asserts that answer itself.
 */
export function watchConsole(browser: TestBrowser): WatchedBrowser {
  let problems: string[] = [];
  return {
    ...browser,
    newContext: async (options) => {
      const context = await browser.newContext(options);
      context.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        if (message.text().startsWith('Failed to load resource')) return;
        problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
      });
      context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
      return context;
    },
    takeConsoleProblems: () => {
      const seen = problems;
      problems = [];
      return seen;
    },
  };
}
