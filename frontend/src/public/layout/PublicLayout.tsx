import { Box } from '@mui/material';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { loadSiteConfig } from '@/shared/site/siteConfig';
import { configureMetaPixel } from '@/shared/tracking/metaPixel';
import { CookieBanner } from './CookieBanner';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { usePageViews } from './usePageViews';

/** Shared frame of the Finnish pages: header, page, footer, cookie banner. */
export function PublicLayout() {
  usePageViews();
  useEffect(() => {
    void loadSiteConfig().then((site) => configureMetaPixel(site?.metaPixelId ?? null));
  }, []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
      <CookieBanner />
    </Box>
  );
}
