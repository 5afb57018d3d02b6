import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { PatternCatalogue } from '#src/modules/patterns/patterns.module.js';
import { kitchenJpeg } from '../fixtures/kitchens/kitchen-images.js';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import { waitForHydration, type TestBrowser } from '../support/browser.js';
import { signInAs } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';

describe('Kitchen visualizer (/visualizer) in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;
  let kitchen: Buffer;
  let tinyJpeg: Buffer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
    kitchen = await kitchenJpeg(7, 900, 600);
    tinyJpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    // The texture is made on first use; make it now so the render below is quick.
    await testApp.app.get(PatternCatalogue).texture('NH10');
  }, 180_000);
  afterAll(() => stopBrowserApp({ testApp, browser }));
  afterEach(async () => {
    await context?.close();
  });

  async function openPage(options: BrowserContextOptions = {}, usedRenders?: number) {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    page = await context.newPage();
    // Thumbnails are the pattern module's concern; here they answer instantly.
    await page.route('**/vinyl_patterns/**', (route) =>
      route.fulfill({ body: tinyJpeg, contentType: 'image/jpeg' }),
    );
    if (usedRenders !== undefined) {
      await page.addInitScript((used) => {
        localStorage.setItem('visualizer-generations-total', String(used));
      }, usedRenders);
    }
    await page.goto(`${testApp.baseUrl}/visualizer`);
    await page.getByRole('heading', { name: 'Keittiö Visualisoija', level: 1 }).waitFor();
    await waitForHydration(page);
  }

  const badge = () => page.getByTestId('usage-badge');
  const generateButton = () => page.getByTestId('generate-button');

  it('should upload a photo, render a pattern with progress, and compare before and after', async () => {
    await openPage();
    await expect(badge().textContent()).resolves.toBe('Ilmaisia visualisointeja jäljellä: 3/3');
    // Desktop: no camera option.
    expect(await page.getByRole('button', { name: 'Ota kuva kameralla' }).count()).toBe(0);

    await page.getByTestId('generate-button').click();
    await page.getByText('Puuttuvat tiedot').waitFor();

    await page.getByTestId('kitchen-file').setInputFiles({
      name: 'keittio.jpg',
      mimeType: 'image/jpeg',
      buffer: kitchen,
    });
    await page.getByTestId('uploaded-preview').waitFor();
    await page.getByRole('radio', { name: 'Vinyylimalli NH10' }).click();
    await expect(
      page.getByRole('radio', { name: 'Vinyylimalli NH10' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await expect(generateButton().textContent()).resolves.toBe('Luo visualisointi (3 jäljellä)');

    await generateButton().click();
    await page.getByText('Visualisointi käynnistyy').waitFor();
    await page.getByTestId('progress-panel').waitFor();
    await expect(page.getByTestId('progress-status').textContent()).resolves.toMatch(
      /Aloittaa käsittelyn|Analysoi keittiökuvaa|Tunnistaa pinnat|Valmis!/,
    );

    await page.getByTestId('result-view').waitFor({ timeout: 60_000 });
    await page.getByTestId('progress-status').filter({ hasText: 'Valmis!' }).waitFor();
    await expect(page.getByTestId('progress-percent').textContent()).resolves.toBe('100 %');
    // The progress panel goes away about 2 s after success.
    await page.getByTestId('progress-panel').waitFor({ state: 'detached', timeout: 5000 });

    const result = page.getByRole('img', { name: 'Keittiö vinyylimallilla NH10' });
    await expect(
      result.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).resolves.toBe(900);
    await expect(badge().textContent()).resolves.toBe('Ilmaisia visualisointeja jäljellä: 2/3');
    await expect(
      page.evaluate(() => localStorage.getItem('visualizer-generations-total')),
    ).resolves.toBe('1');
    const download = page.getByTestId('result-new').getByRole('link', { name: 'Lataa kuva' });
    await expect(download.getAttribute('href')).resolves.toMatch(
      /^\/api\/visualizations\/.+\.jpg$/,
    );

    // Fullscreen comparison: starts at 50 %, follows the arrow keys and a click.
    await page.getByRole('button', { name: 'Vertaa ennen ja jälkeen' }).click();
    const slider = page.getByRole('slider');
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('50');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('55');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('45');
    const area = await page.getByTestId('compare-area').boundingBox();
    await page.mouse.click(area!.x + area!.width * 0.25, area!.y + area!.height / 2);
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('25');
    await page.mouse.move(area!.x + area!.width * 0.3, area!.y + 10);
    await page.mouse.down();
    await page.mouse.move(area!.x + area!.width * 0.8, area!.y + 10, { steps: 5 });
    await page.mouse.up();
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('80');
    await page.getByRole('button', { name: 'Sulje' }).click();

    // Try another pattern: the pattern and the result go, the photo stays.
    await page.getByRole('button', { name: 'Kokeile toista mallia' }).click();
    expect(await page.getByTestId('result-view').count()).toBe(0);
    await page.getByTestId('uploaded-preview').waitFor();
    await expect(
      page.getByRole('radio', { name: 'Vinyylimalli NH10' }).getAttribute('aria-checked'),
    ).resolves.toBe('false');

    // Change image: everything goes.
    await page.getByRole('button', { name: 'Vaihda kuva' }).click();
    expect(await page.getByTestId('uploaded-preview').count()).toBe(0);
    await page.getByRole('button', { name: 'Valitse kuva' }).waitFor();
  });

  it('should refuse an unsupported file type', async () => {
    await openPage();
    await page.getByTestId('kitchen-file').setInputFiles({
      name: 'keittio.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByText('Tiedostotyyppi ei tuettu').waitFor();
    expect(await page.getByTestId('uploaded-preview').count()).toBe(0);
  });

  it('should show the exhausted state and let the reset hook restore the free uses', async () => {
    await openPage({}, 3);
    await page.getByText('Olet käyttänyt kaikki 3 ilmaista visualisointiasi.').waitFor();
    const banner = page.getByTestId('exhausted-banner');
    await expect(
      banner.getByRole('link', { name: 'Pyydä ilmainen tarjous' }).getAttribute('href'),
    ).resolves.toBe('/quote');
    await expect(generateButton().textContent()).resolves.toBe('Kaikki yritykset käytetty');
    await expect(generateButton().isDisabled()).resolves.toBe(true);
    const note = page.getByTestId('patterns-note');
    await expect(note.textContent()).resolves.toMatch(/yli 700 mallin/);
    await expect(note.getByRole('link').getAttribute('href')).resolves.toBe('/contact');

    await page.evaluate(() =>
      (window as unknown as { resetVisualizerGenerations(): void }).resetVisualizerGenerations(),
    );
    await page.getByText('Visualisointi yritykset nollattu').waitFor();
    await expect(badge().textContent()).resolves.toBe('Ilmaisia visualisointeja jäljellä: 3/3');
    expect(await banner.count()).toBe(0);
  });

  it('should learn from the server that this browser used its free renders', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Same cookie jar as the page: three renders the page's localStorage knows nothing about.
    for (let i = 0; i < 3; i++) {
      const response = await context.request.post(`${testApp.baseUrl}/api/visualize`, {
        data: { kitchenImage: kitchen.toString('base64'), patternId: 'NH10' },
      });
      expect(response.status()).toBe(200);
    }
    page = await context.newPage();
    await page.route('**/vinyl_patterns/**', (route) =>
      route.fulfill({ body: tinyJpeg, contentType: 'image/jpeg' }),
    );
    await page.goto(`${testApp.baseUrl}/visualizer`);
    await page.getByTestId('exhausted-banner').waitFor();
    await expect(badge().textContent()).resolves.toBe('Ilmaisia visualisointeja jäljellä: 0/3');
    await expect(
      page.evaluate(() => localStorage.getItem('visualizer-generations-total')),
    ).resolves.toBe('3');
  });

  it('should show the unlimited badge and a toast to a signed-in admin', async () => {
    const { token } = await signInAs(testApp, 'admin');
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
    await page.addInitScript(() => localStorage.setItem('visualizer-generations-total', '3'));
    await page.goto(`${testApp.baseUrl}/visualizer`);
    await page.getByText('Admin-tila aktivoitu').waitFor();
    await expect(badge().textContent()).resolves.toBe('Admin: rajattomat visualisoinnit');
    expect(await page.getByTestId('exhausted-banner').count()).toBe(0);
    await expect(generateButton().textContent()).resolves.toBe('Luo visualisointi');
  });

  it('should have no serious accessibility violations with a photo and a pattern chosen', async () => {
    await openPage();
    await page.getByTestId('kitchen-file').setInputFiles({
      name: 'keittio.jpg',
      mimeType: 'image/jpeg',
      buffer: kitchen,
    });
    await page.getByRole('radio', { name: 'Vinyylimalli AG20' }).click();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('radio', { name: 'Vinyylimalli AT04' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    const violations = (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
      );
    expect(violations).toEqual([]);
  });

  it('should offer the camera on a phone', async () => {
    await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: 'Ota kuva kameralla' }).waitFor();
    await expect(page.getByTestId('kitchen-camera').getAttribute('capture')).resolves.toBe(
      'environment',
    );
  });
});
