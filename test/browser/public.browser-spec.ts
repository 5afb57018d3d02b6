import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserApp } from '../support/browser-app.js';
import { waitForHydration } from '../support/browser.js';
import { PUBLIC_VIEWPORT, seriousViolations } from '../support/public-pages.js';
import type { TestApp } from '../support/test-app.js';

const PIXEL_ID = '1234567890';

async function eventuallyStored(testApp: TestApp, event: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rowCount } = await testApp.db.pool.query(
      'select 1 from analytics_events where event = $1',
      [event],
    );
    if (rowCount) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function storedConsent(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('cookie-consent'));
}

describe('Public site in Chromium', () => {
  const app = useBrowserApp({
    env: () => ({ META_PIXEL_ID: PIXEL_ID, RATE_LIMIT_PER_MINUTE: '1000' }),
  });
  let context: BrowserContext;
  let page: Page;
  let pixelRequests: string[];

  beforeEach(async () => {
    context = await app.newContext({ viewport: PUBLIC_VIEWPORT });
    pixelRequests = [];
    // The pixel's host is never reached from tests: record the attempt and answer locally.
    await context.route('https://connect.facebook.net/**', async (route) => {
      pixelRequests.push(route.request().url());
      await route.fulfill({ contentType: 'application/javascript', body: '' });
    });
    page = await context.newPage();
  });

  const open = async (path: string, status = 200) => {
    const response = await page.goto(`${app.testApp.baseUrl}${path}`);
    expect(response?.status()).toBe(status);
    await waitForHydration(page);
  };
  const reload = async () => {
    await page.reload();
    await waitForHydration(page);
  };
  const acceptNecessary = async () => {
    await page.evaluate(() => localStorage.setItem('cookie-consent', 'necessary'));
  };

  describe('home page', () => {
    it('should show the hero, badge, CTAs, benefits and steps in Finnish', async () => {
      await open('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.title()).toBe('Keittiökalvo – keittiön kalvotus Uudellamaalla');
      expect(await page.getAttribute('meta[name="description"]', 'content')).toMatch(/950 €/);
      expect(await page.getByTestId('price-badge').textContent()).toBe('alkaen 950 € sis. ALV');
      expect(await page.locator('main img[src^="/images/kitchens/"]').count()).toBe(8);
      expect(await page.locator('main img[loading="lazy"][src^="/images/kitchens/"]').count()).toBe(
        4,
      );
      for (const cta of ['Kokeile visualisoijaa', 'Selaa mallistoa']) {
        await page.getByRole('main').getByRole('link', { name: cta }).waitFor();
      }
      expect(await page.locator('#benefits-heading + ul > li').count()).toBe(5);
      expect(await page.locator('#steps-heading + ol > li').count()).toBe(4);
      const images = await page.evaluate(async () => {
        const response = await fetch('/images/kitchens/keittio-1.jpg');
        return { ok: response.ok, type: response.headers.get('content-type') };
      });
      expect(images).toEqual({ ok: true, type: 'image/jpeg' });
    });

    it('should record a page_view without cookies', async () => {
      await open('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await eventuallyStored(app.testApp, 'page_view')).toBe(true);
      const { rows } = await app.testApp.db.pool.query<{ page: string }>(
        "select page from analytics_events where event = 'page_view'",
      );
      expect(rows.map((row) => row.page)).toContain('/');
      expect((await context.cookies()).length).toBe(0);
    });
  });

  describe('web vitals', () => {
    it('should send LCP and CLS as anonymous events when the page is hidden', async () => {
      await open('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.mouse.click(5, 300);
      await page.waitForTimeout(500);
      await page.goto('about:blank');
      expect(await eventuallyStored(app.testApp, 'web_vital')).toBe(true);
      // Each metric is its own request: the page's last ones may land a moment after the first.
      const readVitals = () =>
        app.testApp.db.pool.query<{ page: string; data: Record<string, unknown> }>(
          "select page, data from analytics_events where event = 'web_vital'",
        );
      let { rows } = await readVitals();
      for (let tries = 0; tries < 50 && !rows.some((row) => row.data.metric === 'CLS'); tries++) {
        await new Promise((done) => setTimeout(done, 100));
        ({ rows } = await readVitals());
      }
      const metrics = rows.map((row) => row.data.metric);
      expect(metrics).toEqual(expect.arrayContaining(['LCP', 'CLS']));
      for (const { page: path, data } of rows) {
        expect(path).toBe('/');
        expect(Object.keys(data).sort()).toEqual(['metric', 'rating', 'value']);
        expect(['good', 'needs-improvement', 'poor']).toContain(data.rating);
      }
    });
  });

  describe('header and footer', () => {
    it('should navigate with the header links and the Hintalaskuri button', async () => {
      await open('/');
      await acceptNecessary();
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Ota yhteyttä' }).click();
      await page.waitForURL('**/contact');
      await page.getByRole('heading', { name: 'Ota yhteyttä', level: 1 }).waitFor();
      await header.getByRole('link', { name: 'Hintalaskuri' }).click();
      await page.waitForURL('**/quote');
      await header.getByRole('link', { name: 'Etusivu', exact: true }).click();
      await page.waitForURL(`${app.testApp.baseUrl}/`);
    });

    it('should show an icon-only menu at 390 px that still navigates', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await open('/');
      const header = page.getByRole('banner');
      const contact = header.getByRole('link', { name: 'Ota yhteyttä' });
      await contact.waitFor();
      expect(await contact.getByText('Ota yhteyttä').isVisible()).toBe(false);
      const box = await header.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(390);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);
      await header.getByRole('link', { name: 'Mallisto' }).click();
      await page.waitForURL('**/patterns');
      await header.getByRole('link', { name: 'Hintalaskuri' }).click();
      await page.waitForURL('**/quote');
    });

    it('should show company contact details from the configuration', async () => {
      await open('/');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: '+358 40 123 4567' }).waitFor();
      await footer.getByRole('link', { name: 'info@keittiokalvo.fi' }).waitFor();
      await footer.getByText('Uusimaa').waitFor();
    });

    it('should open footer links at the top of the page', async () => {
      await open('/');
      await acceptNecessary();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Tietosuoja' }).click();
      await page.waitForURL('**/privacy');
      await page.getByRole('heading', { name: 'Tietosuojaseloste', level: 1 }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('contentinfo').getByRole('link', { name: 'Käyttöehdot' }).click();
      await page.waitForURL('**/legal');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

    it('should show the 404 page on an unknown route', async () => {
      await open('/ei-tallaista-sivua', 404);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    });
  });

  describe('privacy pages', () => {
    it('should mark /legal noindex with its own title while shown', async () => {
      await open('/legal');
      await page.getByRole('heading', { name: 'Tietosuojailmoitus', level: 1 }).waitFor();
      expect(await page.title()).toBe('Tietosuojailmoitus – Keittiökalvo');
      expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex, nofollow');
      expect(await page.locator('main h2').count()).toBe(14);
      await page.getByText('Voimassa 1.1.2025 alkaen · Päivitetty 15.5.2025').waitFor();
      await page.getByText(/Yhdysvalloissa ja Kanadassa/).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Etusivu', exact: true }).click();
      await page.getByTestId('price-badge').waitFor();
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    });

    it('should show the privacy statement in eight sections', async () => {
      await open('/privacy');
      await page.getByRole('heading', { name: 'Tietosuojaseloste', level: 1 }).waitFor();
      expect(await page.locator('main h2').count()).toBe(8);
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    });
  });

  describe('cookie banner', () => {
    it('should store "necessary", stay hidden after reload and never load the pixel', async () => {
      await open('/');
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Näytä tiedot' }).click();
      await banner.getByText('Meta-pikseli (Meta Platforms)', { exact: false }).waitFor();
      await banner.getByRole('button', { name: 'Piilota tiedot' }).click();
      expect(
        await banner.getByRole('link', { name: /tietosuojaseloste/i }).getAttribute('href'),
      ).toBe('/privacy');
      await banner.getByRole('button', { name: 'Vain välttämättömät' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await storedConsent(page)).toBe('necessary');
      await reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
      expect(pixelRequests).toEqual([]);
      expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
    });

    it('should load the pixel only after "Hyväksy kaikki", revoked before init', async () => {
      await open('/');
      await page.getByTestId('cookie-banner').waitFor();
      await page.waitForTimeout(300);
      expect(pixelRequests).toEqual([]);
      await page.getByRole('button', { name: 'Hyväksy kaikki' }).click();
      expect(await storedConsent(page)).toBe('all');
      await page.waitForFunction(() => Boolean((window as { fbq?: unknown }).fbq));
      const calls = await page.evaluate(() =>
        ((window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue ?? []).map((call) =>
          call.slice(0, 2).join(' '),
        ),
      );
      expect(calls.slice(0, 3)).toEqual(['consent revoke', `init ${PIXEL_ID}`, 'consent grant']);
      await page.waitForTimeout(200);
      expect(pixelRequests.length).toBe(1);
    });

    it('should be in the prerendered page of a first visit, without JavaScript', async () => {
      const plain = await app.newPage({ javaScriptEnabled: false });
      await plain.goto(`${app.testApp.baseUrl}/`);
      const banner = plain.getByTestId('cookie-banner');
      expect(await banner.isVisible()).toBe(true);
      await banner.getByRole('button', { name: 'Hyväksy kaikki' }).waitFor();
    });

    it('should never show to a returning visitor', async () => {
      await context.addInitScript(() => localStorage.setItem('cookie-consent', 'necessary'));
      const shown: boolean[] = [];
      await page.exposeFunction('noteBanner', (visible: boolean) => shown.push(visible));
      await context.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () =>
          (window as unknown as { noteBanner: (visible: boolean) => void }).noteBanner(
            document.getElementById('cookie-banner') !== null,
          ),
        ),
      );
      await open('/');
      expect(shown).toEqual([false]);
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    });

    it('should take a choice made before the app has arrived', async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/assets/index-*.js', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${app.testApp.baseUrl}/`, { waitUntil: 'commit' });
      const banner = page.getByTestId('cookie-banner');
      await banner.getByRole('button', { name: 'Näytä tiedot' }).click();
      await banner.getByText('Meta-pikseli (Meta Platforms)', { exact: false }).waitFor();
      await banner.getByRole('button', { name: 'Vain välttämättömät' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await storedConsent(page)).toBe('necessary');
      release();
      await waitForHydration(page);
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    });

    it('should close without storing a choice and ask again on the next visit', async () => {
      await open('/');
      await page.getByRole('button', { name: 'Sulje evästeilmoitus' }).click();
      await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
      expect(await storedConsent(page)).toBeNull();
      await reload();
      await page.getByTestId('cookie-banner').waitFor();
    });
  });

  describe('quote wizard', () => {
    const fill = async (label: string, value: string) => {
      await page.getByLabel(label, { exact: false }).first().fill(value);
    };

    it('should walk all four steps, validate, submit and start over', async () => {
      await open('/quote?pattern=AG20');
      await acceptNecessary();
      await page.getByText('Vaihe 1 / 4').waitFor();
      expect(await page.title()).toBe('Hintalaskuri – Keittiökalvo');
      await page.getByText(/malli AG20/).waitFor();
      const next = page.getByRole('button', { name: 'Seuraava' });
      expect(await next.isDisabled()).toBe(true);
      expect(await page.getByRole('radio').count()).toBe(4);
      await page.getByRole('radio', { name: /Uritettu/ }).click();
      expect(await next.isDisabled()).toBe(false);
      await next.click();

      await page.getByText('Vaihe 2 / 4').waitFor();
      await page.getByRole('button', { name: 'Seuraava' }).click();
      await page
        .getByText(
          'Lisää vähintään yksi mittatieto jatkaaksesi. Kerro ovien, laatikoiden tai työtason metrimäärä.',
        )
        .waitFor();
      expect(await page.getByText('Vaihe 2 / 4').isVisible()).toBe(true);
      await page.getByText(/päästä päähän/).waitFor();
      await page.getByRole('button', { name: 'Takaisin' }).click();
      await page.getByText('Vaihe 1 / 4').waitFor();
      expect(await page.getByRole('radio', { name: /Uritettu/ }).getAttribute('aria-checked')).toBe(
        'true',
      );
      await page.getByRole('button', { name: 'Seuraava' }).click();
      await fill('Ovien määrä', '8');
      await fill('Laatikoiden määrä', '-2');
      await fill('Työtason pituus (m)', '1');
      await page.getByRole('button', { name: 'Seuraava' }).click();

      await page.getByText('Vaihe 3 / 4').waitFor();
      await page.getByRole('button', { name: 'Lähetä tarjouspyyntö' }).click();
      const firstName = page.getByLabel('Etunimi');
      expect(await firstName.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(6);
      await firstName.fill('Maija');
      expect(await firstName.getAttribute('aria-invalid')).toBe('false');
      expect(await page.getByLabel('Sähköposti').getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Puhelinnumero').getAttribute('type')).toBe('tel');
      await fill('Sukunimi', 'Meikäläinen');
      await fill('Sähköposti', 'maija@example.fi');
      await fill('Puhelinnumero', '040 765 4321');
      await fill('Osoite', 'Keittiötie 1');
      await fill('Kaupunki', 'Espoo');
      await page.getByRole('button', { name: 'Lähetä tarjouspyyntö' }).click();

      await page.getByRole('heading', { name: 'Hyvin tehty!' }).waitFor();
      await page.getByText('Vaihe 4 / 4').waitFor();
      // 8 × 95 + 0 drawers + 1 × 140 + 290 = 1190
      expect((await page.getByTestId('total-price').textContent())?.replace(/\s/g, ' ')).toBe(
        '1 190 €',
      );
      await page.getByTestId('toast').getByText('Tarjous lähetetty!').waitFor();
      const { rows } = await app.testApp.db.pool.query<{ data: Record<string, unknown> }>(
        "select data from events where type = 'LeadCreated' and data->>'patternId' = 'AG20'",
      );
      expect(rows[0].data).toMatchObject({ source: 'quote', doors: 8, drawers: 0, metres: 1 });
      // The analytics call is fire-and-forget, so it may land just after the confirmation.
      expect(await eventuallyStored(app.testApp, 'quote_submitted')).toBe(true);

      await page.getByRole('button', { name: 'Uusi tarjous' }).click();
      await page.getByText('Vaihe 1 / 4').waitFor();
      expect(await page.getByRole('button', { name: 'Seuraava' }).isDisabled()).toBe(true);
      await page.getByRole('radio', { name: /Kehysovi/ }).click();
      await page.getByRole('button', { name: 'Seuraava' }).click();
      expect(await page.getByLabel('Ovien määrä').inputValue()).toBe('0');
    });

    it('should show "Lähetetään..." while sending and the refused fields in Finnish', async () => {
      await open('/quote');
      await acceptNecessary();
      await page.getByRole('radio', { name: /Vetimetön/ }).click();
      await page.getByRole('button', { name: 'Seuraava' }).click();
      await fill('Työtason pituus (m)', '3');
      await page.getByRole('button', { name: 'Seuraava' }).click();
      for (const [label, value] of [
        ['Etunimi', 'Matti'],
        ['Sukunimi', 'Virtanen'],
        ['Sähköposti', 'matti@example'],
        ['Puhelinnumero', '040 1'],
        ['Osoite', 'Tie 2'],
        ['Kaupunki', 'Vantaa'],
      ]) {
        await fill(label, value);
      }
      const sent: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/quote', async (route) => {
        sent.push(route.request().url());
        await held;
        await route.continue();
      });
      const email = page.getByLabel('Sähköposti');
      // An address without a domain is caught before sending.
      await page.getByRole('button', { name: 'Lähetä tarjouspyyntö' }).click();
      await page.getByText('Tarkista sähköpostiosoite, esim. nimi@esimerkki.fi').waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);
      // One the server refuses (a one-letter top-level domain) is shown at its field, in Finnish.
      await fill('Sähköposti', 'matti@example.f');
      expect(await email.getAttribute('aria-invalid')).toBe('false');
      await page.getByRole('button', { name: 'Lähetä tarjouspyyntö' }).click();
      await page.getByRole('button', { name: 'Lähetetään...' }).waitFor();
      release();
      const toast = page.getByTestId('toast');
      await toast.getByText('Virhe', { exact: true }).waitFor();
      await toast.getByText('Tarkista merkityt kentät ja lähetä uudelleen.').waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      const described = await email.getAttribute('aria-describedby');
      const refusal = await page.locator(`[id="${described}"]`).textContent();
      expect(refusal).not.toMatch(/customer\.email|must be/);
      expect(refusal?.length).toBeGreaterThan(0);
      expect(sent).toHaveLength(1);
      expect(await page.getByText('Vaihe 3 / 4').isVisible()).toBe(true);
    });
  });

  describe('contact page', () => {
    it('should send a message, toast success and clear the form', async () => {
      await open('/contact');
      await acceptNecessary();
      await page.getByRole('heading', { name: 'Ota yhteyttä', level: 1 }).waitFor();
      expect(await page.title()).toBe('Ota yhteyttä – Keittiökalvo');
      await page.getByText('24 tunnin sisällä').first().waitFor();
      await page.getByText('Ilmainen konsultaatio ja mittaus').waitFor();
      await page.getByRole('button', { name: 'Lähetä viesti' }).click();
      expect(await page.getByLabel('Nimi').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Nimi').fill('Anna Maria Korhonen');
      await page.getByLabel('Sähköposti').fill('anna@example.fi');
      await page.getByLabel('Viesti').fill('Haluaisin mallikartan.');
      await page.getByRole('button', { name: 'Lähetä viesti' }).click();
      await page.getByTestId('toast').getByText('Viesti lähetetty!').waitFor();
      await page.getByText('Otamme yhteyttä sinuun 24 tunnin sisällä.').waitFor();
      expect(await page.getByLabel('Nimi').inputValue()).toBe('');
      const { rows } = await app.testApp.db.pool.query<{ data: Record<string, unknown> }>(
        "select data from events where type = 'LeadCreated' and data->>'source' = 'contact_form'",
      );
      expect(rows.length).toBe(1);
    });

    it('should toast the failure and keep what was typed', async () => {
      await open('/contact');
      await acceptNecessary();
      await page.route('**/api/contact', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await page.getByLabel('Nimi').fill('Pekka Nieminen');
      await page.getByLabel('Sähköposti').fill('pekka@example.fi');
      await page.getByRole('button', { name: 'Lähetä viesti' }).click();
      await page.getByTestId('toast').getByText('Virhe!').waitFor();
      await page.getByText('Viestin lähettäminen epäonnistui. Yritä uudelleen.').waitFor();
      expect(await page.getByLabel('Nimi').inputValue()).toBe('Pekka Nieminen');
    });
  });

  describe('rate limit', () => {
    it('should show the Finnish 429 message in the contact toast', async () => {
      await open('/contact');
      await acceptNecessary();
      await page.route('**/api/contact', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'Liian monta pyyntöä. Odota hetki ja yritä uudelleen.',
          }),
        }),
      );
      await page.getByLabel('Nimi').fill('Pekka');
      await page.getByLabel('Sähköposti').fill('pekka@example.fi');
      await page.getByRole('button', { name: 'Lähetä viesti' }).click();
      await page
        .getByTestId('toast')
        .getByText('Liian monta pyyntöä. Odota hetki ja yritä uudelleen.')
        .waitFor();
    });
  });

  describe('accessibility', () => {
    it.each(['/', '/quote', '/contact', '/legal', '/privacy', '/ei-ole'])(
      'should have no serious or critical axe violations on %s',
      async (path) => {
        await open(path, path === '/ei-ole' ? 404 : 200);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      },
    );

    it('should have no serious or critical axe violations on every quote step', async () => {
      await open('/quote');
      await acceptNecessary();
      await reload();
      await page.getByRole('radio', { name: /Kehysovi/ }).click();
      await page.getByRole('button', { name: 'Seuraava' }).click();
      await page.getByRole('button', { name: 'Seuraava' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Ovien määrä').fill('4');
      await page.getByRole('button', { name: 'Seuraava' }).click();
      await page.getByRole('button', { name: 'Lähetä tarjouspyyntö' }).click();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
