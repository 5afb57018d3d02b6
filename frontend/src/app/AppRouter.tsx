import { Box, CircularProgress } from '@mui/material';
import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PublicLayout } from '@/public/layout/PublicLayout';
import { HomePage } from '@/public/home/components/HomePage';
import { NotFoundPage } from '@/public/layout/components/NotFoundPage';
import { lazyPage } from './loadChunk';
import { routes } from './routes';

/**
 * A lazy page that uses the RTK Query store. The store and the page download in parallel behind
 * one Suspense fallback: a lazy store wrapping a lazy page would fetch them one after the other
 * and show two fallbacks, each reveal held back by React's fallback throttle.
 */
function lazyStorePage(load: () => Promise<{ default: ComponentType }>) {
  return lazyPage(async () => {
    // Redux and RTK Query (~30 kB gzip) load only with the routes that use them.
    const [{ default: StoreProvider }, { default: Page }] = await Promise.all([
      import('./StoreProvider'),
      load(),
    ]);
    return {
      default: function PageWithStore() {
        return (
          <StoreProvider>
            <Page />
          </StoreProvider>
        );
      },
    };
  });
}

// Admin code is its own chunk: public visitors never download it.
const AdminPage = lazyStorePage(() => import('@/admin/shell/components/AdminPage'));
const LoginPage = lazyStorePage(() => import('@/admin/auth/components/LoginPage'));
const QuotePage = lazyStorePage(() => import('@/public/quote/components/QuotePage'));
const ContactPage = lazyStorePage(() => import('@/public/contact/components/ContactPage'));
const PatternsPage = lazyStorePage(async () => {
  const [page, { store }, { loadPatterns }] = await Promise.all([
    import('@/public/patterns/components/PatternsPage'),
    import('./store'),
    import('@/public/patterns/api/patternsApi'),
  ]);
  await loadPatterns(store.dispatch);
  return page;
});
const VisualizerPage = lazyStorePage(() => import('@/public/visualizer/components/VisualizerPage'));
const LegalPage = lazyPage(() => import('@/public/legal/components/LegalPage'));
const PrivacyPage = lazyPage(() => import('@/public/legal/components/PrivacyPage'));

const PAGES_BY_PATH: Record<string, { preload: () => Promise<unknown> }> = {
  [routes.admin]: AdminPage,
  [routes.login]: LoginPage,
  [routes.quote]: QuotePage,
  [routes.contact]: ContactPage,
  [routes.patterns]: PatternsPage,
  [routes.visualizer]: VisualizerPage,
  [routes.legal]: LegalPage,
  [routes.privacy]: PrivacyPage,
};

/** Starts loading the chunk of the page at `path`, if it has one; resolves when it is loaded. */
export function preloadPage(path: string): Promise<unknown> {
  return PAGES_BY_PATH[path]?.preload() ?? Promise.resolve();
}

let onPageCommitted: (() => void) | undefined;

/**
 * Resolves once the lazy page at `path` has committed. React hydrates a page's Suspense boundary
 * in a pass after the rest of the app, so the app has taken over a prerendered page only then.
 */
export function whenPageCommitted(path: string): Promise<void> {
  if (!Object.hasOwn(PAGES_BY_PATH, path)) return Promise.resolve();
  return new Promise((resolve) => (onPageCommitted = resolve));
}

/** Renders nothing; marks the page around it as committed. */
function PageCommitted() {
  useEffect(() => {
    onPageCommitted?.();
    onPageCommitted = undefined;
  }, []);
  return null;
}

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
          <CircularProgress aria-label="Ladataan" />
        </Box>
      }
    >
      {children}
      <PageCommitted />
    </Suspense>
  );
}

/*
 * Declarative routes rather than a data router: the product uses no loaders or actions, and
 * the data router's code would add ~16 kB gzip to every public page. The build prerenders the
 * same routes inside a static router.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={routes.home} element={<HomePage />} />
        <Route
          path={routes.quote}
          element={
            <Lazy>
              <QuotePage />
            </Lazy>
          }
        />
        <Route
          path={routes.visualizer}
          element={
            <Lazy>
              <VisualizerPage />
            </Lazy>
          }
        />
        <Route
          path={routes.patterns}
          element={
            <Lazy>
              <PatternsPage />
            </Lazy>
          }
        />
        <Route
          path={routes.contact}
          element={
            <Lazy>
              <ContactPage />
            </Lazy>
          }
        />
        <Route
          path={routes.legal}
          element={
            <Lazy>
              <LegalPage />
            </Lazy>
          }
        />
        <Route
          path={routes.privacy}
          element={
            <Lazy>
              <PrivacyPage />
            </Lazy>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path={routes.admin}
        element={
          <Lazy>
            <AdminPage />
          </Lazy>
        }
      />
      <Route
        path={routes.login}
        element={
          <Lazy>
            <LoginPage />
          </Lazy>
        }
      />
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
