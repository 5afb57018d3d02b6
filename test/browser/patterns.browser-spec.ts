import type { Page } from 'playwright-core';
import { useBrowserApp } from '../support/browser-app.js';
import { waitForHydration } from '../support/browser.js';
import {
  answerPatternImages,
  openPublicPage,
  seriousViolations,
  tinyJpeg,
} from '../support/public-pages.js';

interface ApiPattern {
  id: string;
  name: string;
  imagePath: string;
}

describe('Pattern library page (/patterns) in Chromium', () => {
  const app = useBrowserApp();
  let catalogue: ApiPattern[];
  let image: Buffer;
  let page: Page;

  beforeAll(async () => {
    catalogue = (await (await fetch(`${app.testApp.baseUrl}/api/patterns`)).json()) as ApiPattern[];
    image = await tinyJpeg('#888');
  });

  async function openPage(viewport?: { width: number; height: number }) {
    page = await openPublicPage(app, '/patterns', {
      viewport,
      prepare: (opened) => answerPatternImages(opened, image),
    });
    await page.getByRole('heading', { name: 'Vinyylimallisto', level: 1 }).waitFor();
    // The heading comes before the catalogue has loaded; the tests read the loaded page.
    await tiles().first().waitFor();
  }

  const results = () => page.getByTestId('pattern-results');
  const tiles = () => page.locator('[data-testid^="pattern-"] li button');
  /** A model's button is named by its visible text: the code, then the family. */
  const tile = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}\\b`) });
  const searchBox = () => page.getByRole('searchbox', { name: 'Hae mallia' });
  const pageInfo = () => page.getByText(/^Sivu \d+ \/ \d+$/);
  const pageButtons = async () =>
    page
      .getByRole('navigation', { name: 'Sivutus' })
      .getByRole('button', { name: /^Sivu \d+$/ })
      .allTextContents();

  it('should show the first 24 of the whole catalogue with Finnish title and description', async () => {
    await openPage();
    const total = catalogue.length;
    await expect(results().textContent()).resolves.toBe(
      `Näytetään 1-24 / ${total} mallia (${total} yhteensä)`,
    );
    await expect(tiles().count()).resolves.toBe(24);
    await expect(page.title()).resolves.toBe('Vinyylimallisto – Keittiökalvo');
    const description = await page.getAttribute('meta[name="description"]', 'content');
    expect(description).toMatch(/vinyylikalvomallisto/i);
    await expect(
      page.getByText(`Mallistossamme on ${total} kalvomallia`, { exact: false }).count(),
    ).resolves.toBe(1);
    await expect(searchBox().getAttribute('placeholder')).resolves.toBe('Etsi mallia koodilla...');
    const firstImage = tiles().first().locator('img');
    // A phone's first screen loads at once; the rest when scrolled to.
    await expect(firstImage.getAttribute('loading')).resolves.toBe('eager');
    await expect(tiles().nth(4).locator('img').getAttribute('loading')).resolves.toBe('lazy');
    await expect(firstImage.getAttribute('src')).resolves.toBe(
      `/vinyl_patterns/thumbs/${catalogue[0].id}.jpg`,
    );
  });

  it('should search name or code case-insensitively and go back to page 1', async () => {
    await openPage();
    await page.getByRole('button', { name: 'Sivu 3', exact: true }).click();
    await expect(pageInfo().textContent()).resolves.toMatch(/^Sivu 3 \//);
    await searchBox().fill('nh1');
    const expected = catalogue.filter((pattern) => pattern.id.toLowerCase().includes('nh1'));
    await expect(results().textContent()).resolves.toBe(
      `Näytetään 1-${Math.min(24, expected.length)} / ${expected.length} mallia (${catalogue.length} yhteensä)`,
    );
    await expect(pageInfo().textContent()).resolves.toBe(
      `Sivu 1 / ${Math.ceil(expected.length / 24)}`,
    );
    const shown = await tiles().evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector('p')?.textContent),
    );
    expect(shown).toContain('NH10');
    expect(shown.every((code) => /^NH1/.test(code ?? ''))).toBe(true);
    await searchBox().fill('MK14');
    await expect(tiles().count()).resolves.toBe(1);
  });

  it('should page with previous/next and a window of at most 5 numbered buttons', async () => {
    await openPage();
    const pages = Math.ceil(catalogue.length / 24);
    await expect(pageButtons()).resolves.toEqual(['1', '2', '3', '4', '5']);
    await expect(page.getByRole('button', { name: 'Edellinen' }).isDisabled()).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Seuraava' }).click();
    await expect(pageInfo().textContent()).resolves.toBe(`Sivu 2 / ${pages}`);
    // The new page is shown from its top, below the sticky header.
    const top = await results().evaluate((node) => node.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(60);
    expect(top).toBeLessThan(200);
    await expect(results().textContent()).resolves.toMatch(/^Näytetään 25-48 \//);
    await page.getByRole('button', { name: 'Sivu 5', exact: true }).click();
    await expect(pageButtons()).resolves.toEqual(['3', '4', '5', '6', '7']);
    await expect(
      page.getByRole('button', { name: 'Sivu 5', exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    for (let i = 5; i < pages; i++) await page.getByRole('button', { name: 'Seuraava' }).click();
    await expect(pageInfo().textContent()).resolves.toBe(`Sivu ${pages} / ${pages}`);
    await expect(pageButtons()).resolves.toEqual(
      [4, 3, 2, 1, 0].map((back) => String(pages - back)),
    );
    await expect(page.getByRole('button', { name: 'Seuraava' }).isDisabled()).resolves.toBe(true);
    const lastCount = catalogue.length - (pages - 1) * 24;
    await expect(tiles().count()).resolves.toBe(lastCount);
    await expect(results().textContent()).resolves.toBe(
      `Näytetään ${(pages - 1) * 24 + 1}-${catalogue.length} / ${catalogue.length} mallia (${catalogue.length} yhteensä)`,
    );
  });

  it('should open the full image with its name and close by button, outside click and Escape', async () => {
    await openPage();
    const target = catalogue[1];
    await tile(target.name).click();
    const dialog = page.getByRole('dialog', { name: target.name });
    await dialog.waitFor();
    await expect(dialog.locator('img').getAttribute('src')).resolves.toBe(target.imagePath);
    await dialog.getByRole('button', { name: 'Sulje' }).click();
    await dialog.waitFor({ state: 'detached' });

    await tile(target.name).click();
    await dialog.waitFor();
    await page.mouse.click(20, 400); // beside the image
    await dialog.waitFor({ state: 'detached' });

    await tile(target.name).click();
    await dialog.waitFor();
    await dialog.locator('img').click(); // the image itself keeps the overlay open
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('should be usable from the keyboard and return focus to the model', async () => {
    await openPage();
    const firstTile = tile(catalogue[0].name);
    await firstTile.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: catalogue[0].name });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(firstTile.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  });

  it('should show the code and "Kuva latautuu" when a thumbnail cannot load', async () => {
    const broken = catalogue[2];
    page = await app.newPage();
    await answerPatternImages(page, image, (url) => url.includes(`/thumbs/${broken.id}.`));
    await page.goto(`${app.testApp.baseUrl}/patterns`);
    // The image fails before the app has loaded; the app notices it when it takes the page over.
    await waitForHydration(page);
    const placeholder = page.getByTestId('pattern-placeholder');
    await placeholder.waitFor();
    await expect(placeholder.count()).resolves.toBe(1);
    const text = await placeholder.innerText();
    expect(text.split(/\s+/).filter(Boolean)).toEqual([broken.id, 'Kuva', 'latautuu']);
  });

  it('should say "Ei tuloksia" when nothing matches', async () => {
    await openPage();
    await searchBox().fill('eiolemallia');
    await expect(results().textContent()).resolves.toBe('Ei tuloksia');
    await expect(tiles().count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Tyhjennä haku' }).click();
    await expect(tiles().count()).resolves.toBe(24);
  });

  it('should switch between grid and list views', async () => {
    await openPage();
    await page.getByRole('button', { name: 'Lista' }).click();
    await page.getByTestId('pattern-list').waitFor();
    await expect(page.getByTestId('pattern-list').getByRole('button').count()).resolves.toBe(24);
    await page.getByRole('button', { name: 'Ruudukko' }).click();
    await page.getByTestId('pattern-grid').waitFor();
  });

  it('should load the real thumbnails from the server', async () => {
    page = await app.newPage();
    await page.goto(`${app.testApp.baseUrl}/patterns`);
    const firstImage = tiles().first().locator('img');
    await firstImage.waitFor();
    await page.waitForFunction(
      () => {
        const image = document.querySelector<HTMLImageElement>('[data-testid="pattern-grid"] img');
        return image?.complete && image.naturalWidth > 0;
      },
      undefined,
      { timeout: 30_000 },
    );
    await expect(firstImage.evaluate((node: HTMLImageElement) => node.naturalWidth)).resolves.toBe(
      320,
    );
  });

  it('should have no serious accessibility findings, with the overlay closed or open', async () => {
    await openPage();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await tiles().first().click();
    await page.getByRole('dialog').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('should fit a phone screen in two columns without sideways scrolling', async () => {
    await openPage({ width: 390, height: 844 });
    const columns = await page
      .getByTestId('pattern-grid')
      .evaluate((node) => getComputedStyle(node).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
