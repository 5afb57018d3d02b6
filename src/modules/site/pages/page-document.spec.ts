import { SITE_CONFIG_PLACEHOLDERS, type SiteConfig } from '#src/contract/site.js';
import { COOKIE_BANNER_SCRIPT } from '#src/contract/cookie-banner.js';
import { renderPageDocument } from './page-document.js';
import type { PrerenderedPage, SiteFacts } from './prerendered-page.js';

const TEMPLATE = `<!doctype html>
<html lang="fi">
  <head>
    <meta name="description" content="shell" />
    <title>Shell</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Tarvitsee JavaScriptin.</noscript>
  </body>
</html>`;

const SITE: SiteFacts = {
  origin: 'https://keittiokalvo.example',
  companyName: 'Keittiö & Kalvo',
  phone: '+358 40 123 4567',
  email: 'info@keittiokalvo.example',
  areaServed: 'Uusimaa',
  minimumPrice: 950,
};

const CONFIG: SiteConfig = {
  companyName: 'Keittiö & Kalvo',
  phone: '+358 40 123 4567',
  email: 'info@keittiokalvo.example',
  serviceArea: 'Uusimaa',
  metaPixelId: null,
};

const render = (pageToRender: PrerenderedPage, site = SITE, config = CONFIG) =>
  renderPageDocument(TEMPLATE, pageToRender, site, config);

const page = (overrides: Partial<PrerenderedPage> = {}): PrerenderedPage => ({
  path: '/quote',
  title: 'Hintalaskuri – Keittiökalvo',
  description: 'Laske hinta "heti"',
  shareImage: '/images/doors/kehysovi.jpg',
  html: '<link rel="preload" as="image" href="/images/doors/kehysovi.jpg"/><main><h1>Hintalaskuri</h1></main>',
  cookieBanner: '<section id="cookie-banner">Käytämme evästeitä</section>',
  ...overrides,
});

describe(renderPageDocument.name, () => {
  it('should put the page in the root and its own title in place of the shell', () => {
    const html = render(page());
    expect(html).toContain('<div id="root"><main><h1>Hintalaskuri</h1></main></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Hintalaskuri – Keittiökalvo</title>');
    expect(html).not.toContain('content="shell"');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
  });

  it('should put the cookie banner after the root with its inline script', () => {
    const html = render(page());
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain(
      `</div>\n    <section id="cookie-banner">Käytämme evästeitä</section><script>${COOKIE_BANNER_SCRIPT}</script>`,
    );
  });

  it('should move the image preloads React put before the markup into the head', () => {
    const html = render(page());
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/images/doors/kehysovi.jpg"/>');
  });

  it("should module-preload the page's own chunks in the head, once", () => {
    const html = render(
      page({ modulePreloads: ['/assets/QuotePage-q1.js', '/assets/index-abc.js'] }),
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/QuotePage-q1.js">');
    // The entry is already the template's own script.
    expect(head.match(/\/assets\/index-abc\.js/g)).toHaveLength(1);
  });

  it('should escape text into attributes and keep `$` patterns literal', () => {
    const html = render(page({ html: "<main><p>$& $' $1</p></main>" }));
    expect(html).toContain('content="Laske hinta &quot;heti&quot;"');
    expect(html).toContain('content="Keittiö &amp; Kalvo"');
    expect(html).toContain("<p>$& $' $1</p>");
  });

  it('should give absolute canonical and share URLs and mark noindex pages', () => {
    const html = render(page({ path: '/legal', noindex: true }));
    expect(html).toContain('<link rel="canonical" href="https://keittiokalvo.example/legal"');
    expect(html).toContain(
      '<meta property="og:image" content="https://keittiokalvo.example/images/doors/kehysovi.jpg"',
    );
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" data-page-meta />');
    expect(render(page())).not.toContain('name="robots"');
  });

  it('should keep structured data from closing its script element', () => {
    const html = render(page(), { ...SITE, companyName: '</script><script>alert(1)</script>' });
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1];
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'HomeAndConstructionBusiness',
      name: '</script><script>alert(1)</script>',
      makesOffer: { priceSpecification: { minPrice: 950, priceCurrency: 'EUR' } },
    });
  });

  it('should fill in the configured contact details where the prerender left placeholders', () => {
    const { phone, email, companyName } = SITE_CONFIG_PLACEHOLDERS;
    const footer = `<footer><p>${companyName}</p><a href="tel:${phone}">${phone}</a><a href="mailto:${email}">${email}</a></footer>`;

    const html = render(page({ html: footer, description: `Soita ${phone}` }));

    expect(html).toContain(
      '<footer><p>Keittiö &amp; Kalvo</p><a href="tel:+358401234567">+358 40 123 4567</a>' +
        '<a href="mailto:info@keittiokalvo.example">info@keittiokalvo.example</a></footer>',
    );
    expect(html).toContain('<meta name="description" content="Soita +358 40 123 4567"');
    expect(html).not.toContain('%%site.');
  });

  it('should embed the configuration the first render in the browser reads, unable to close its element', () => {
    const config = { ...CONFIG, companyName: '</script><script>alert(1)</script>' };
    const html = render(page(), SITE, config);
    const json = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(html)![1];
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(config);
  });
});
