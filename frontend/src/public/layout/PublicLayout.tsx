import { useEffect } from 'react';
import { loadSiteConfig } from '@/shared/site/siteConfig';
import { configureMetaPixel } from '@/shared/tracking/metaPixel';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { usePageViews } from './usePageViews';
import type { ReactNode } from 'react';

/**
 * Shared frame of the Finnish pages: header, page, footer. The cookie banner is no part of it:
 * the server puts it into the document outside the app, with its own few lines of script
 * (docs/decisions/0105-public-pages-load-their-code-at-once.md).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  usePageViews();
  useEffect(() => {
    void loadSiteConfig().then((site) => configureMetaPixel(site?.metaPixelId ?? null));
  }, []);
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main">{children}</main>
      <SiteFooter />
    </div>
  );
}
