import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('App shell in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    if (!existsSync(join(process.cwd(), 'frontend', 'dist', 'index.html'))) {
      throw new Error('frontend/dist is missing: run `npm run build` first (npm test does)');
    }
    testApp = await startTestApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('should render the home page in Finnish', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${testApp.baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    await expect(page.title()).resolves.toMatch(/Keittiökalvo/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should show the 404 page on an unknown route', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${testApp.baseUrl}/ei-ole-olemassa`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await context.close();
  });
});
