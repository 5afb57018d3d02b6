import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import { type BrowserAppFixture, useBrowserApp } from './browser-app.js';
import type { TestBrowser } from './browser.js';
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
 * The hooks of `useBrowserApp` (app, watched Chromium, no console problem in any test), with a
 * member of `role` signed in and a context holding their token with a page in it.
 */
export function useAdminBrowser(options: AdminBrowserOptions): AdminBrowser {
  const app: BrowserAppFixture = useBrowserApp({ env: options.env });
  let token: string | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the admin browser's ${name} is not open yet`);
    return value;
  };

  async function openContext() {
    context = await app.signedInContext(token!, options.contextOptions);
    await options.prepareContext?.(context);
    page = await context.newPage();
  }

  beforeAll(async () => {
    token = (await signInAs(app.testApp, options.role, options.profile)).token;
    if (options.sharedContext) await openContext();
  });
  if (!options.sharedContext) beforeEach(openContext);

  return {
    get testApp() {
      return app.testApp;
    },
    get browser() {
      return app.browser;
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
      await started(page, 'page').goto(`${app.testApp.baseUrl}/admin${search ? `?${search}` : ''}`);
    },
  };
}
