import { useBrowserApp } from '../support/browser-app.js';

describe('App shell in Chromium', () => {
  const app = useBrowserApp();

  it('should render the home page in Finnish', async () => {
    const page = await app.newPage();
    const response = await page.goto(`${app.testApp.baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    await expect(page.title()).resolves.toMatch(/Keittiökalvo/);
  });

  it('should show the 404 page on an unknown route', async () => {
    const page = await app.newPage();
    await page.goto(`${app.testApp.baseUrl}/ei-ole-olemassa`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });
});
