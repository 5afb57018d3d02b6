import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import {
  DESKTOP_VIEWPORT,
  holdAdminToken,
  launchBrowser,
  watchConsole,
  type TestBrowser,
  type WatchedBrowser,
} from './browser.js';
import {
  createMember,
  signInThroughForm,
  STAFF_PASSWORD,
  type SignedInStaff,
  type StaffOverrides,
} from './staff.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface BrowserApp {
  testApp: TestApp;
  browser: TestBrowser;
}

/** The app on a test database and Chromium, for one browser spec file; needs the built frontend. */
export async function startBrowserApp(env: Record<string, string> = {}): Promise<BrowserApp> {
  if (!existsSync(join(process.cwd(), 'frontend', 'dist', 'index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build:frontend` first');
  }
  const testApp = await startTestApp(env);
  return { testApp, browser: await launchBrowser() };
}

export async function stopBrowserApp(app: Partial<BrowserApp>): Promise<void> {
  await app.browser?.close();
  await app.testApp?.close();
}

export interface BrowserAppOptions {
  /** Read when the app starts, after the spec's own earlier `beforeAll` (an SMTP sink's URL). */
  env?: () => Record<string, string>;
}

/** What a browser spec works with; read its fields inside hooks and tests. */
export interface BrowserAppFixture {
  readonly testApp: TestApp;
  readonly browser: WatchedBrowser;
  /**
   * A watched context, closed when the test ends; one opened in a `beforeAll` lasts the file.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own (see `newContext`). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A desktop-sized context in which `token`'s member is already signed in. */
  signedInContext(token: string, options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new member of `role`, signed in through the login form on a page of its own. */
  signInThroughForm(
    role: StaffRole,
    profile?: StaffOverrides,
    options?: BrowserContextOptions,
  ): Promise<{ page: Page; member: SignedInStaff['member'] }>;
}

/**
 * Registers the hooks every browser spec needs: the app and Chromium for the file, and the
 * contexts a test opens closed after it. Every context is watched: a test fails on any console
 * error or warning (React's among them) or uncaught error of its pages.
 */
export function useBrowserApp(options: BrowserAppOptions = {}): BrowserAppFixture {
  let testApp: TestApp | undefined;
  let browser: WatchedBrowser | undefined;
  let inTest = false;
  const testContexts: BrowserContext[] = [];
  const fileContexts: BrowserContext[] = [];
  const closeAll = (contexts: BrowserContext[]) =>
    Promise.all(contexts.splice(0).map((context) => context.close()));
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the browser app's ${name} is not started yet`);
    return value;
  };

  beforeAll(async () => {
    const app = await startBrowserApp(options.env?.());
    testApp = app.testApp;
    browser = watchConsole(app.browser);
  });
  afterAll(async () => {
    await closeAll(fileContexts);
    await stopBrowserApp({ testApp, browser });
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await closeAll(testContexts);
    if (browser) expect(browser.takeConsoleProblems()).toEqual([]);
  });

  const fixture: BrowserAppFixture = {
    get testApp() {
      return started(testApp, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newContext(contextOptions) {
      const context = await started(browser, 'browser').newContext(contextOptions);
      (inTest ? testContexts : fileContexts).push(context);
      return context;
    },
    async newPage(contextOptions) {
      return (await fixture.newContext(contextOptions)).newPage();
    },
    async signedInContext(token, contextOptions) {
      const context = await fixture.newContext({ viewport: DESKTOP_VIEWPORT, ...contextOptions });
      await holdAdminToken(context, token);
      return context;
    },
    async signInThroughForm(role, profile, contextOptions) {
      const member = await createMember(fixture.testApp, role, profile);
      const page = await fixture.newPage(contextOptions);
      await signInThroughForm(page, fixture.testApp.baseUrl, member.email, STAFF_PASSWORD);
      return { page, member };
    },
  };
  return fixture;
}
