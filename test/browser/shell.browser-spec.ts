import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import type { TestBrowser } from '../support/browser.js';
import type { TestApp } from '../support/test-app.js';

describe('App shell in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
  });
  afterAll(() => stopBrowserApp({ testApp, browser }));

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
