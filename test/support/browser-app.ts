import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, type TestBrowser } from './browser.js';
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
