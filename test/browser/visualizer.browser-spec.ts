import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { PatternCatalogue } from '#src/modules/patterns/index.js';
import { kitchenJpeg } from '../fixtures/kitchens/kitchen-images.js';
import { useBrowserApp } from '../support/browser-app.js';
import { waitForHydration } from '../support/browser.js';
import {
  answerPatternImages,
  openPublicPage,
  PUBLIC_VIEWPORT,
  type PublicPageOptions,
  seriousViolations,
  tinyJpeg,
} from '../support/public-pages.js';
import { signInAs } from '../support/staff.js';

describe('Kitchen visualizer (/visualizer) in Chromium', () => {
  const app = useBrowserApp();
  let kitchen: Buffer;
  let image: Buffer;
  let page: Page;

  beforeAll(async () => {
    kitchen = await kitchenJpeg(7, 900, 600);
    image = await tinyJpeg('#a0522d');
    // The texture is made on first use; make it now so the render below is quick.
    await app.testApp.app.get(PatternCatalogue).texture('NH10');
  }, 180_000);

  async function openPage(options: PublicPageOptions = {}, usedRenders?: number) {
    page = await openPublicPage(app, '/visualizer', {
      ...options,
      prepare: async (opened) => {
        await answerPatternImages(opened, image);
        if (usedRenders === undefined) return;
        await opened.addInitScript((used) => {
          localStorage.setItem('visualizer-generations-total', String(used));
        }, usedRenders);
      },
    });
    await page.getByRole('heading', { name: 'Keittiö Visualisoija', level: 1 }).waitFor();
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
    // The page behind the modal is inert, the cookie banner's close button with it.
    await page.getByRole('dialog').getByRole('button', { name: 'Sulje' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

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
    const context = await app.newContext({ viewport: PUBLIC_VIEWPORT });
    // Same cookie jar as the page: three renders the page's localStorage knows nothing about.
    // Three photos: re-rendering one photo shortly after is free.
    for (const seed of [7, 8, 9]) {
      const photo = seed === 7 ? kitchen : await kitchenJpeg(seed, 900, 600);
      const response = await context.request.post(`${app.testApp.baseUrl}/api/visualize`, {
        data: { kitchenImage: photo.toString('base64'), patternId: 'NH10' },
      });
      expect(response.status()).toBe(200);
    }
    page = await context.newPage();
    await answerPatternImages(page, image);
    await page.goto(`${app.testApp.baseUrl}/visualizer`);
    await waitForHydration(page);
    await page.getByTestId('exhausted-banner').waitFor();
    await expect(badge().textContent()).resolves.toBe('Ilmaisia visualisointeja jäljellä: 0/3');
    await expect(
      page.evaluate(() => localStorage.getItem('visualizer-generations-total')),
    ).resolves.toBe('3');
  });

  it('should show the unlimited badge and a toast to a signed-in admin', async () => {
    const { token } = await signInAs(app.testApp, 'admin');
    page = await (await app.signedInContext(token, { viewport: PUBLIC_VIEWPORT })).newPage();
    await page.addInitScript(() => localStorage.setItem('visualizer-generations-total', '3'));
    await page.goto(`${app.testApp.baseUrl}/visualizer`);
    await waitForHydration(page);
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
    expect(await seriousViolations(page)).toEqual([]);
  });

  describe('a front the detector missed', () => {
    // One white door on a white wall: a lone rectangle is no set of fronts, so none is found.
    const DOOR = { left: 360, top: 150, right: 540, bottom: 500 };
    let loneDoor: Buffer;
    let loneDoorPixels: Buffer;
    beforeAll(async () => {
      const gap = 4;
      const rect = (width: number, height: number, colour: string) =>
        sharp({ create: { width, height, channels: 3, background: colour } })
          .png()
          .toBuffer();
      loneDoor = await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#ebe8e2' },
      })
        .composite([
          {
            input: await rect(
              DOOR.right - DOOR.left + 2 * gap,
              DOOR.bottom - DOOR.top + 2 * gap,
              '#8f8a82',
            ),
            left: DOOR.left - gap,
            top: DOOR.top - gap,
          },
          {
            input: await rect(DOOR.right - DOOR.left, DOOR.bottom - DOOR.top, '#f5f3ef'),
            left: DOOR.left,
            top: DOOR.top,
          },
          { input: await rect(8, 70, '#505050'), left: DOOR.right - 30, top: 290 },
        ])
        .jpeg({ quality: 92 })
        .toBuffer();
      loneDoorPixels = await sharp(loneDoor).raw().toBuffer();
    });

    /** Shares of the door's inside and of the wall well away from it that the render changed. */
    async function changedShares(imageUrl: string) {
      const response = await page.context().request.get(`${app.testApp.baseUrl}${imageUrl}`);
      const rendered = await sharp(await response.body())
        .raw()
        .toBuffer();
      const counts = { door: 0, doorChanged: 0, wall: 0, wallChanged: 0 };
      for (let y = 0; y < 600; y++) {
        for (let x = 0; x < 900; x++) {
          const p = (y * 900 + x) * 3;
          const changed =
            Math.abs(rendered[p] - loneDoorPixels[p]) +
              Math.abs(rendered[p + 1] - loneDoorPixels[p + 1]) +
              Math.abs(rendered[p + 2] - loneDoorPixels[p + 2]) >
            30;
          const inDoor =
            x >= DOOR.left + 6 && x < DOOR.right - 6 && y >= DOOR.top + 6 && y < DOOR.bottom - 6;
          const farFromDoor =
            x < DOOR.left - 20 ||
            x >= DOOR.right + 20 ||
            y < DOOR.top - 20 ||
            y >= DOOR.bottom + 20;
          if (inDoor) {
            counts.door++;
            if (changed) counts.doorChanged++;
          } else if (farFromDoor) {
            counts.wall++;
            if (changed) counts.wallChanged++;
          }
        }
      }
      return { door: counts.doorChanged / counts.door, wall: counts.wallChanged / counts.wall };
    }

    /** The door as the model's outline put it, in shares of the photo. */
    async function expectTheDoorOutlined() {
      const points = await page.getByTestId('front-outline').first().getAttribute('points');
      const corners = points!.split(' ').map((pair) => pair.split(',').map(Number));
      const xs = corners.map(([x]) => x * 900);
      const ys = corners.map(([, y]) => y * 600);
      expect(Math.abs(Math.min(...xs) - DOOR.left)).toBeLessThan(15);
      expect(Math.abs(Math.max(...xs) - DOOR.right)).toBeLessThan(15);
      expect(Math.abs(Math.min(...ys) - DOOR.top)).toBeLessThan(15);
      expect(Math.abs(Math.max(...ys) - DOOR.bottom)).toBeLessThan(15);
    }

    /** Waits for the model's answer to the next tap, and says what was asked. */
    const nextTap = () =>
      page.waitForResponse((response) => response.url().endsWith('/api/visualize/taps'), {
        timeout: 60_000,
      });

    async function uploadTheDoor() {
      await page.getByTestId('kitchen-file').setInputFiles({
        name: 'ovi.jpg',
        mimeType: 'image/jpeg',
        buffer: loneDoor,
      });
    }

    async function addTheDoorAndRender(tap: (x: number, y: number) => Promise<void>) {
      await uploadTheDoor();
      // Not a dead end: a Finnish hint to mark the fronts by hand.
      await page.getByTestId('front-hint').waitFor();
      await expect(page.getByTestId('front-hint').textContent()).resolves.toMatch(
        /Napauta kuvassa jokaista ovea/,
      );
      expect(await page.getByTestId('front-outline').count()).toBe(0);
      const area = page.getByTestId('front-area');
      await area.scrollIntoViewIfNeeded();
      const box = (await area.boundingBox())!;
      const answered = nextTap();
      await tap(box.x + box.width * 0.45, box.y + box.height * 0.55);
      // Answered by the segmentation model on the server, not grown in the browser.
      const answer = await answered;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toMatchObject({
        points: [{ include: true }],
        uploadId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      });
      await page.getByTestId('front-outline').waitFor();
      await expect(page.getByTestId('front-outline').count()).resolves.toBe(1);
      await expectTheDoorOutlined();
      await expect(page.getByTestId('front-count').textContent()).resolves.toBe(
        '1 ovi tai laatikko valittu',
      );
      await page.getByRole('radio', { name: 'Vinyylimalli NH10' }).click();
      await generateButton().click();
      await page.getByTestId('result-view').waitFor({ timeout: 60_000 });
      const src = await page
        .getByRole('img', { name: 'Keittiö vinyylimallilla NH10' })
        .getAttribute('src');
      const shares = await changedShares(src!);
      expect(shares.door).toBeGreaterThanOrEqual(0.9);
      expect(shares.wall).toBeLessThan(0.01);
    }

    it('should let the visitor add it with a click and render it covered', async () => {
      await openPage();
      await addTheDoorAndRender((x, y) => page.mouse.click(x, y));
    });

    it('should let the visitor add it with a tap on a 390 px touch screen', async () => {
      await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await addTheDoorAndRender((x, y) => page.touchscreen.tap(x, y));
    });

    it('should outline the door inside a box the visitor drags', async () => {
      await openPage();
      await uploadTheDoor();
      await page.getByTestId('front-hint').waitFor();
      const area = page.getByTestId('front-area');
      await area.scrollIntoViewIfNeeded();
      const box = (await area.boundingBox())!;
      const answered = nextTap();
      await page.mouse.move(box.x + box.width * 0.37, box.y + box.height * 0.22);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 4 });
      await page.getByTestId('front-box').waitFor();
      await page.mouse.move(box.x + box.width * 0.63, box.y + box.height * 0.86, { steps: 4 });
      await page.mouse.up();
      expect((await answered).request().postDataJSON().box).toHaveLength(4);
      await page.getByTestId('front-outline').waitFor();
      await expect(page.getByTestId('front-outline').count()).resolves.toBe(1);
      await expectTheDoorOutlined();
    });

    it('should take a wrong region out with a negative tap, on a 390 px touch screen', async () => {
      await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await uploadTheDoor();
      await page.getByTestId('front-hint').waitFor();
      const area = page.getByTestId('front-area');
      await area.scrollIntoViewIfNeeded();
      const box = (await area.boundingBox())!;
      const added = nextTap();
      await page.touchscreen.tap(box.x + box.width * 0.45, box.y + box.height * 0.55);
      await added;
      await page.getByTestId('front-outline').waitFor();
      await expect(page.getByTestId('front-outline').count()).resolves.toBe(1);
      // The visitor decides the door was not to be covered after all.
      await page.getByTestId('tap-mode-remove').tap();
      const removed = nextTap();
      await page.touchscreen.tap(box.x + box.width * 0.47, box.y + box.height * 0.5);
      const sent = (await removed).request().postDataJSON();
      expect(sent.points.at(-1)).toMatchObject({ include: false });
      await page.getByTestId('front-outline').waitFor({ state: 'detached' });
      await expect(page.getByTestId('front-outline').count()).resolves.toBe(0);
      await expect(page.getByTestId('front-count').textContent()).resolves.toBe(
        '0 ovea tai laatikkoa valittu',
      );
    });

    it('should let the visitor add and remove it from the keyboard', async () => {
      await openPage();
      await page.getByTestId('kitchen-file').setInputFiles({
        name: 'ovi.jpg',
        mimeType: 'image/jpeg',
        buffer: loneDoor,
      });
      await page.getByTestId('front-hint').waitFor();
      await page.getByTestId('front-area').focus();
      // The cursor starts in the middle of the photo, which is inside the door.
      await page.keyboard.press('ArrowRight');
      const answered = nextTap();
      await page.keyboard.press('Enter');
      expect((await answered).status()).toBe(200);
      await page.getByTestId('front-outline').waitFor();
      await expectTheDoorOutlined();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('front-outline').count()).resolves.toBe(0);
    });
  });

  it('should outline the fronts found and let the visitor remove one', async () => {
    await openPage();
    await page.getByTestId('kitchen-file').setInputFiles({
      name: 'keittio.jpg',
      mimeType: 'image/jpeg',
      buffer: kitchen,
    });
    await page.getByTestId('front-outline').first().waitFor();
    const found = await page.getByTestId('front-outline').count();
    expect(found).toBeGreaterThanOrEqual(6);
    await page.getByTestId('front-area').scrollIntoViewIfNeeded();
    const outline = (await page.getByTestId('front-outline').first().boundingBox())!;
    await page.mouse.click(outline.x + outline.width / 2, outline.y + outline.height / 2);
    await expect(page.getByTestId('front-outline').count()).resolves.toBe(found - 1);
    // Each outline is a button of its own too: Enter removes it.
    await page.getByRole('button', { name: 'Ovi 1, poista painamalla' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('front-outline').count()).resolves.toBe(found - 2);
  });

  it('should offer the camera on a phone', async () => {
    await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: 'Ota kuva kameralla' }).waitFor();
    await expect(page.getByTestId('kitchen-camera').getAttribute('capture')).resolves.toBe(
      'environment',
    );
  });
});
