import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { useTestApp } from '../support/app-fixture.js';

/** The visible text of an HTML document, as a crawler without JavaScript reads it. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const headTag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

/** Each public route's heading and a sentence of its main copy. */
const PAGES = [
  {
    path: '/',
    heading: 'Uusi ilme keittiöllesi – ilman remonttia',
    copy: 'Päällystämme nykyiset kaapinovet, laatikostot ja työtasot',
  },
  {
    path: '/quote',
    heading: 'Hintalaskuri',
    copy: 'Valitse keittiösi ovia parhaiten vastaava tyyli.',
  },
  {
    path: '/visualizer',
    heading: 'Keittiö Visualisoija',
    copy: 'Lataa kuva keittiöstäsi, valitse malli ja näe uusi ilme ennen kuin päätät.',
  },
  { path: '/patterns', heading: 'Vinyylimallisto', copy: 'Näytetään 1-24 / 615 mallia' },
  { path: '/contact', heading: 'Ota yhteyttä', copy: 'Vastaamme viestiisi 24 tunnin sisällä.' },
  { path: '/legal', heading: 'Tietosuojailmoitus', copy: 'miten käsittelemme henkilötietojasi' },
  { path: '/privacy', heading: 'Tietosuojaseloste', copy: 'miten käsittelemme henkilötietojasi' },
];

describe('Public pages without JavaScript', () => {
  const origin = 'https://keittiokalvo.example';

  beforeAll(() => {
    if (!existsSync(join(process.cwd(), 'frontend', 'dist', 'prerendered.json'))) {
      throw new Error('frontend/dist has no prerendered pages: run `npm run build:frontend` first');
    }
  });
  const testApp = useTestApp({
    env: {
      PUBLIC_URL: origin,
      COMPANY_PHONE: '+358 50 765 4321',
      COMPANY_EMAIL: 'myynti@keittiokalvo.example',
    },
  });

  describe.each(PAGES)('$path', ({ path, heading, copy }) => {
    it('should answer 200 with its heading, main copy and own head', async () => {
      const response = await request(testApp.baseUrl).get(path).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.text;
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(visibleText(html)).toContain(copy);
      expect(headTag(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}${path}`);
      expect(headTag(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${origin}${path}`);
      expect(headTag(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(
        new RegExp(`^${origin}/images/.+\\.jpg$`),
      );
      expect(headTag(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe(
        'summary_large_image',
      );
      expect(headTag(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
      // Styled before any script runs, by the site's stylesheet alone: no page computes styles
      // in the browser (docs/decisions/0105-public-pages-load-their-code-at-once.md).
      expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
      expect(html).not.toContain('<style');
      expect(html).not.toContain('<noscript>');
    });
  });

  it('should give every page its own title', async () => {
    const titles = await Promise.all(
      PAGES.map(async ({ path }) => {
        const { text } = await request(testApp.baseUrl).get(path).expect(200);
        return headTag(text, /<title>([^<]+)<\/title>/);
      }),
    );
    expect(new Set(titles).size).toBe(PAGES.length);
  });

  it('should describe the business from configuration as structured data', async () => {
    const { text } = await request(testApp.baseUrl).get('/').expect(200);
    const json = headTag(text, /<script type="application\/ld\+json">([^<]+)<\/script>/);
    expect(JSON.parse(json!)).toMatchObject({
      '@type': 'HomeAndConstructionBusiness',
      telephone: '+358 50 765 4321',
      email: 'myynti@keittiokalvo.example',
      areaServed: { name: 'Uusimaa' },
      makesOffer: { '@type': 'Offer', priceSpecification: { minPrice: 950, priceCurrency: 'EUR' } },
    });
  });

  it.each(['/', '/contact', '/privacy'])(
    'should show the configured phone and e-mail on %s without JavaScript',
    async (path) => {
      const { text } = await request(testApp.baseUrl).get(path).expect(200);
      const footer = text.slice(text.indexOf('<footer'), text.indexOf('</footer>'));
      expect(visibleText(footer)).toContain('+358 50 765 4321');
      expect(visibleText(footer)).toContain('myynti@keittiokalvo.example');
      expect(footer).toContain('href="tel:+358507654321"');
      expect(footer).toContain('href="mailto:myynti@keittiokalvo.example"');
      expect(footer).not.toMatch(/<dd[^>]*><\/dd>/);
      expect(text).not.toContain('%%site.');
    },
  );

  it('should keep /legal out of search results and index the rest', async () => {
    const legal = await request(testApp.baseUrl).get('/legal').expect(200);
    expect(legal.text).toContain(
      '<meta name="robots" content="noindex, nofollow" data-page-meta />',
    );
    const home = await request(testApp.baseUrl).get('/').expect(200);
    expect(home.text).not.toContain('noindex');
  });

  it('should answer an unknown URL with 404 and the Finnish 404 page', async () => {
    const response = await request(testApp.baseUrl).get('/ei-ole-olemassa').expect(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(visibleText(response.text)).toContain('Etsimääsi sivua ei löytynyt.');
    expect(response.text).toContain(
      '<meta name="robots" content="noindex, nofollow" data-page-meta />',
    );
  });

  it('should keep serving the admin and login as the client-rendered shell', async () => {
    for (const path of ['/admin', '/login']) {
      const response = await request(testApp.baseUrl).get(path).expect(200);
      expect(response.text).toContain('<div id="root"></div>');
    }
  });

  it('should answer unknown API paths with JSON, not a page', async () => {
    const response = await request(testApp.baseUrl).get('/api/ei-ole').expect(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('should serve robots.txt that keeps crawlers out of the admin and the API', async () => {
    const response = await request(testApp.baseUrl).get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api/',
        `Sitemap: ${origin}/sitemap.xml`,
      ]),
    );
  });

  it('should offer the photos as AVIF and WebP at two widths and preload the first', async () => {
    const { text } = await request(testApp.baseUrl).get('/').expect(200);
    const head = text.slice(0, text.indexOf('</head>'));
    expect(head).toMatch(
      /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="\/images\/kitchens\/keittio-1\.320w\.avif 320w, \/images\/kitchens\/keittio-1\.640w\.avif 640w"/,
    );
    const avifSets = [...text.matchAll(/<source type="image\/avif" srcSet="([^"]+)"/g)];
    expect(avifSets).toHaveLength(8);
    for (const candidate of avifSets[1][1].split(', ')) {
      const url = candidate.split(' ')[0];
      const image = await request(testApp.baseUrl).get(url).expect(200);
      expect(image.headers['content-type']).toBe('image/avif');
    }
    expect(text).toMatch(/<source type="image\/webp" srcSet="[^"]+\.640w\.webp 640w"/);
  });

  it('should compress pages with Brotli when the client accepts it', async () => {
    const response = await request(testApp.baseUrl)
      .get('/')
      .set('Accept-Encoding', 'gzip, br')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('should cache hashed assets for a year and revalidate pages', async () => {
    const { text } = await request(testApp.baseUrl).get('/').expect(200);
    const script = headTag(text, /<script type="module" crossorigin src="([^"]+)"/);
    const asset = await request(testApp.baseUrl).get(script!).expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = (await request(testApp.baseUrl).get('/quote').expect(200)).headers.etag;
    await request(testApp.baseUrl).get('/quote').set('If-None-Match', etag).expect(304);
  });

  it('should list every indexable public page in sitemap.xml', async () => {
    const response = await request(testApp.baseUrl).get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.sort()).toEqual(
      ['/', '/contact', '/patterns', '/privacy', '/quote', '/visualizer']
        .map((path) => `${origin}${path}`)
        .sort(),
    );
  });
});
