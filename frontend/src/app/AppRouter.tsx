import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { HomePage } from '@/public/home/components/HomePage';
import { NotFoundPage } from '@/public/layout/components/NotFoundPage';
import { PublicLayout } from '@/public/layout/PublicLayout';
import { lazyPage } from './loadChunk';
import { BrowserRouter, useLocation } from './router';
import { routes } from './routes';

const AdminApp = lazyPage(() => import('./AdminApp'));
const QuotePage = lazyPage(() => import('@/public/quote/components/QuotePage'));
const ContactPage = lazyPage(() => import('@/public/contact/components/ContactPage'));
const PatternsPage = lazyPage(async () => {
  const [page, { loadPatterns }] = await Promise.all([
    import('@/public/patterns/components/PatternsPage'),
    import('@/public/patterns/api/patternsApi'),
  ]);
  await loadPatterns();
  return page;
});
const VisualizerPage = lazyPage(() => import('@/public/visualizer/components/VisualizerPage'));
const LegalPage = lazyPage(() => import('@/public/legal/components/LegalPage'));
const PrivacyPage = lazyPage(() => import('@/public/legal/components/PrivacyPage'));

type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** The public pages with a chunk of their own; the home and 404 pages come with the app. */
const PUBLIC_PAGES: Record<string, LazyPage> = {
  [routes.quote]: QuotePage,
  [routes.contact]: ContactPage,
  [routes.patterns]: PatternsPage,
  [routes.visualizer]: VisualizerPage,
  [routes.legal]: LegalPage,
  [routes.privacy]: PrivacyPage,
};

const ADMIN_PATHS: readonly string[] = [
  routes.admin,
  routes.login,
  routes.forgotPassword,
  routes.resetPassword,
];
const isAdminPath = (path: string) => ADMIN_PATHS.includes(path);

const lazyPageAt = (path: string): LazyPage | undefined =>
  isAdminPath(path) ? AdminApp : PUBLIC_PAGES[path];

/** Starts loading the chunk of the page at `path`, if it has one; resolves when it is loaded. */
export function preloadPage(path: string): Promise<unknown> {
  return lazyPageAt(path)?.preload() ?? Promise.resolve();
}

let onPageCommitted: (() => void) | undefined;

/**
 * Resolves once the lazy page at `path` has committed. React hydrates a page's Suspense boundary
 * in a pass after the rest of the app, so the app has taken over a prerendered page only then.
 */
export function whenPageCommitted(path: string): Promise<void> {
  if (!lazyPageAt(path)) return Promise.resolve();
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
        <div className="page-loading">
          <div className="spinner" role="progressbar" aria-label="Ladataan" />
        </div>
      }
    >
      {children}
      <PageCommitted />
    </Suspense>
  );
}

/** The page at the router's path; the build prerenders the same inside a static router. */
export function AppRoutes() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) {
    return (
      <Lazy>
        <AdminApp />
      </Lazy>
    );
  }
  const Page = PUBLIC_PAGES[pathname];
  return (
    <PublicLayout>
      {pathname === routes.home ? (
        <HomePage />
      ) : Page ? (
        <Lazy>
          <Page />
        </Lazy>
      ) : (
        <NotFoundPage />
      )}
    </PublicLayout>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
