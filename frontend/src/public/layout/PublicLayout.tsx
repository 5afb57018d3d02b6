import { Box } from '@mui/material';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { loadSiteConfig } from '@/shared/site/siteConfig';
import { configureMetaPixel } from '@/shared/tracking/metaPixel';
import { readConsent } from '@/shared/tracking/consent';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { usePageViews } from './usePageViews';

// Returning visitors have chosen already; the banner's code loads only for those who have not.
const CookieBanner = lazy(() => import('./CookieBanner'));

/**
 * Decided after hydration: the stored choice lives in this browser, and the prerendered page is
 * the same for every visitor.
 */
function useConsentPending(): boolean {
  return useSyncExternalStore(subscribeToNothing, consentPendingAtLoad, () => false);
}

const subscribeToNothing = () => () => undefined;
let pendingAtLoad: boolean | undefined;
/** Read once per page load: the banner hides itself once the visitor has chosen. */
const consentPendingAtLoad = () => (pendingAtLoad ??= readConsent() === null);

/** Shared frame of the Finnish pages: header, page, footer, cookie banner. */
export function PublicLayout() {
  usePageViews();
  const consentPending = useConsentPending();
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
      {consentPending && (
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      )}
    </Box>
  );
}
