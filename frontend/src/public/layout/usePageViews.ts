import { useEffect } from 'react';
import { useLocation } from '@/app/router';
import { takeArrival, trackEvent } from '@/shared/tracking/analytics';

/** A page_view per route change, and each new page opens at its top. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // The page the visitor arrived on was counted before the app loaded, and stays scrolled
    // where the visitor has taken it meanwhile.
    if (takeArrival(pathname)) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    trackEvent('page_view');
  }, [pathname]);
}
