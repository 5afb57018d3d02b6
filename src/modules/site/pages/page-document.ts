import {
  SITE_CONFIG_ELEMENT_ID,
  SITE_CONFIG_PLACEHOLDERS,
  type SiteConfig,
  telephoneHref,
} from '#src/contract/site.js';
import { COOKIE_BANNER_SCRIPT } from '#src/contract/cookie-banner.js';
import type { PrerenderedPage, SiteFacts } from './prerendered-page.js';
import { businessStructuredData } from './structured-data.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** JSON inside a script element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The frontend's usePageMeta removes tags with this attribute when their page unmounts. */
export const PAGE_META_ATTRIBUTE = 'data-page-meta';

/** React hoists the preloads of a page's first images to the start of its markup. */
const LEADING_PRELOADS = /^(?:<link [^>]*>)+/;

/**
 * A public page's full document: the built index.html (scripts, favicon) with the page's own
 * title, description, canonical URL, share tags, structured data, the module preloads of its own
 * chunks in its head and its prerendered markup in the root element.
 */
export function renderPageDocument(
  template: string,
  page: PrerenderedPage,
  site: SiteFacts,
  siteConfig: SiteConfig,
): string {
  const url = `${site.origin}${page.path}`;
  const image = `${site.origin}${page.shareImage}`;
  const description = page.description ?? '';
  const preloads = LEADING_PRELOADS.exec(page.html)?.[0] ?? '';
  // The page's chunk is otherwise found only once the entry runs: a round trip later.
  const modulePreloads = (page.modulePreloads ?? [])
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  // Marked so the browser drops them when the visitor moves on to another page in the app.
  const pageTags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    page.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="fi_FI" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.companyName)}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ]
    .filter(Boolean)
    .map((tag) => tag.replace(/ \/>$/, ` ${PAGE_META_ATTRIBUTE} />`));
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    ...pageTags,
    `<script type="application/ld+json">${scriptJson(businessStructuredData(site))}</script>`,
    // Read by the first render in the browser, so hydration finds the values filled in below.
    `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptJson(siteConfig)}</script>`,
    ...modulePreloads,
    preloads,
  ]
    .filter(Boolean)
    .join('\n    ');
  // Replacer functions: page text may contain `$` patterns that a replacement string would expand.
  const document = template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html.slice(preloads.length)}</div>\n    ` +
        `${page.cookieBanner}<script>${COOKIE_BANNER_SCRIPT}</script>`,
    );
  return fillSiteConfig(document, siteConfig);
}

/** Puts the configured contact details where the prerender left their placeholders. */
function fillSiteConfig(document: string, config: SiteConfig): string {
  const { phone } = SITE_CONFIG_PLACEHOLDERS;
  let filled = document.replaceAll(telephoneHref(phone), () =>
    escapeHtml(telephoneHref(config.phone)),
  );
  for (const key of ['companyName', 'phone', 'email', 'serviceArea'] as const) {
    filled = filled.replaceAll(SITE_CONFIG_PLACEHOLDERS[key], () => escapeHtml(config[key]));
  }
  return filled;
}
