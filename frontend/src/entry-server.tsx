import { StrictMode } from 'react';
import { CATALOGUE_JSON } from '#src/modules/patterns/data/catalogue.data';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { Pattern } from '#src/contract/patterns';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRouter';
import { criticalRules } from './app/criticalCss';
import { createEmotionCache, EMOTION_KEY, collectEmotionStylesIn } from './app/emotionCache';
import { StaticRouter } from './app/router';
import { prerenderedPages } from './app/routes';
import { store } from './app/store';
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
  /**
   * The critical CSS of a page built with MUI as emotion's own style tag, which the browser's
   * cache adopts; empty for the pages the site's stylesheet styles.
   */
  styles: string;
}

// The catalogue the server seeds its patterns table from, as GET /api/patterns answers it, so
// the patterns page is prerendered with its first page of patterns.
seedPatterns(
  store.dispatch,
  (JSON.parse(CATALOGUE_JSON) as Pattern[]).map(({ id, name, description, imagePath, family }) => ({
    id,
    name,
    description,
    imagePath,
    family,
  })),
);

/** Renders one route to HTML, waiting for its lazy chunks, with the styles it used. */
export async function prerenderPage(path: string, shareImage: string): Promise<PrerenderedPage> {
  // The pages still built with MUI: their styles collected in the cache instead of <style> tags
  // next to the elements.
  const cache = createEmotionCache();
  cache.compat = true;
  collectEmotionStylesIn(cache);
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
  const rules = criticalRules(cache.inserted, html);
  const ids = rules.map(([id]) => id).join(' ');
  const css = rules.map(([, rule]) => rule).join('');
  return {
    path,
    shareImage,
    ...collector.meta,
    html,
    cookieBanner: renderToStaticMarkup(<CookieBanner />),
    styles: rules.length ? `<style data-emotion="${EMOTION_KEY} ${ids}">${css}</style>` : '',
  };
}
