import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import { startBrowserApp, stopBrowserApp } from './browser-app.js';
import {
  DESKTOP_VIEWPORT,
  watchConsole,
  type TestBrowser,
  type WatchedBrowser,
} from './browser.js';
import { signInAs, type StaffOverrides } from './staff.js';
import type { TestApp } from './test-app.js';

export interface AdminBrowserOptions {
  role: StaffRole;
  profile?: StaffOverrides;
  /** Read when the app starts, after the spec's own earlier `beforeAll` (an SMTP sink's URL). */
  env?: () => Record<string, string>;
  /** Desktop-sized unless a spec asks for another screen. */
  contextOptions?: BrowserContextOptions;
  /** Runs on each new context before its page opens (init scripts). */
  prepareContext?: (context: BrowserContext) => Promise<unknown>;
  /** One context for the whole file instead of a fresh one per test. */
  sharedContext?: boolean;
}

/** What a browser spec of the admin works with; read its fields inside hooks and tests. */
export interface AdminBrowser {
  readonly testApp: TestApp;
  readonly browser: TestBrowser;
  /** The signed-in member's bearer token. */
  readonly token: string;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Opens the admin, at `tab` when given, with further query parameters such as `lead`. */
  openAdmin(tab?: string, query?: Record<string, string>): Promise<void>;
}

/**
 * Registers the hooks every admin browser spec needs: the app and Chromium for the file, a member
 * of `role` signed in, and a context holding their token with a page in it. Every context the
 * browser opens is watched: a test fails on any console error or warning or uncaught error.
 */
export function useAdminBrowser(options: AdminBrowserOptions): AdminBrowser {
  let testApp: TestApp | undefined;
  let browser: WatchedBrowser | undefined;
  let token: string | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the admin browser's ${name} is not open yet`);
    return value;
  };

  async function openContext() {
    context = await started(browser, 'browser').newContext({
      viewport: DESKTOP_VIEWPORT,
      ...options.contextOptions,
    });
    // The script runs in every document, the new page's about:blank among them, where reading
    // localStorage throws; only the app's own pages hold the token.
    await context.addInitScript((value) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('adminToken', value);
    }, token!);
    await options.prepareContext?.(context);
    page = await context.newPage();
  }
  async function closeContext() {
    await context?.close();
    context = page = undefined;
  }

  beforeAll(async () => {
    const app = await startBrowserApp(options.env?.());
    testApp = app.testApp;
    browser = watchConsole(app.browser);
    token = (await signInAs(testApp, options.role, options.profile)).token;
    if (options.sharedContext) await openContext();
  });
  afterAll(async () => {
    await closeContext();
    await stopBrowserApp({ testApp, browser });
  });
  if (!options.sharedContext) {
    beforeEach(openContext);
    afterEach(closeContext);
  }
  // No screen of the admin logs an error or warning, React's included, nor throws uncaught.
  afterEach(() => {
    if (browser) expect(browser.takeConsoleProblems()).toEqual([]);
  });

  return {
    get testApp() {
      return started(testApp, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get token() {
      return started(token, 'token');
    },
    get context() {
      return started(context, 'context');
    },
    get page() {
      return started(page, 'page');
    },
    async openAdmin(tab, query = {}) {
      const search = new URLSearchParams({ ...(tab ? { tab } : {}), ...query }).toString();
      await started(page, 'page').goto(
        `${started(testApp, 'app').baseUrl}/admin${search ? `?${search}` : ''}`,
      );
    },
  };
}
