import { StrictMode } from 'react';
import { CATALOGUE_JSON } from '#src/modules/patterns/data/catalogue.data';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { Pattern } from '#src/contract/patterns';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRouter';
import { StaticRouter } from './app/router';
import { prerenderedPages } from './app/routes';
import { CookieBanner } from './public/layout/CookieBanner';
import { seedPatterns } from './public/patterns/api/patternsApi';
import { PageMetaCollector, type PageMeta } from './shared/components/usePageMeta';

export { prerenderedPages };

export interface PrerenderedPage extends PageMeta {
  path: string;
  shareImage: string;
  /** The root element's content. */
  html: string;
  /** The cookie banner, which the server puts after the root element with its script. */
  cookieBanner: string;
}

// The catalogue the server seeds its patterns table from, as GET /api/patterns answers it, so
// the patterns page is prerendered with its first page of patterns.
seedPatterns(
  (JSON.parse(CATALOGUE_JSON) as Pattern[]).map(({ id, name, description, imagePath, family }) => ({
    id,
    name,
    description,
    imagePath,
    family,
  })),
);

/** Renders one route to HTML, waiting for its lazy chunks; the site's stylesheet styles it. */
export async function prerenderPage(path: string, shareImage: string): Promise<PrerenderedPage> {
  const collector: { meta?: PageMeta } = {};
  const collect = (meta: PageMeta) => (collector.meta = meta);
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaCollector value={collect}>
        <AppProviders>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PageMetaCollector>
    </StrictMode>,
    // Every boundary inline: outlined ones need inline scripts, which the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (!collector.meta) throw new Error(`${path} sets no page title`);
  return {
    path,
    shareImage,
    ...collector.meta,
    html,
    cookieBanner: renderToStaticMarkup(<CookieBanner />),
  };
}
