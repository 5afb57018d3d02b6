import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PublicLayout } from '@/public/layout/PublicLayout';
import { HomePage } from '@/public/pages/HomePage';
import { NotFoundPage } from '@/public/pages/NotFoundPage';
import { routes } from './routes';

const RELOADED_FOR_CHUNK = 'reloaded-for-missing-chunk';

/**
 * A lazy page that survives a redeploy: when an old page asks for a chunk that no longer exists,
 * reload once to get the new build instead of showing a broken page.
 */
function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_FOR_CHUNK);
        return module;
      },
      (error: unknown) => {
        if (sessionStorage.getItem(RELOADED_FOR_CHUNK)) throw error;
        sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
        window.location.reload();
        return new Promise<never>(() => undefined);
      },
    ),
  );
}

// Admin code is its own chunk: public visitors never download it.
const AdminPage = lazyPage(() => import('@/admin/pages/AdminPage'));
const LoginPage = lazyPage(() => import('@/admin/pages/LoginPage'));
// Redux and RTK Query (~30 kB gzip) load only with the routes that use them.
const StoreProvider = lazyPage(() => import('./StoreProvider'));
const QuotePage = lazyPage(() => import('@/public/pages/QuotePage'));
const ContactPage = lazyPage(() => import('@/public/pages/ContactPage'));
const LegalPage = lazyPage(() => import('@/public/pages/LegalPage'));
const PrivacyPage = lazyPage(() => import('@/public/pages/PrivacyPage'));
const PatternsPage = lazyPage(() => import('@/public/patterns/PatternsPage'));
const VisualizerPage = lazyPage(() => import('@/public/visualizer/VisualizerPage'));

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
    </Suspense>
  );
}

/** A lazily loaded page that uses the RTK Query store. */
function WithStore({ children }: { children: ReactNode }) {
  return (
    <Lazy>
      <StoreProvider>{children}</StoreProvider>
    </Lazy>
  );
}

/*
 * Declarative routes rather than a data router: the product uses no loaders or actions, and
 * the data router's code would add ~16 kB gzip to every public page.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path={routes.home} element={<HomePage />} />
          <Route
            path={routes.quote}
            element={
              <WithStore>
                <QuotePage />
              </WithStore>
            }
          />
          <Route
            path={routes.visualizer}
            element={
              <WithStore>
                <VisualizerPage />
              </WithStore>
            }
          />
          <Route
            path={routes.patterns}
            element={
              <WithStore>
                <PatternsPage />
              </WithStore>
            }
          />
          <Route
            path={routes.contact}
            element={
              <WithStore>
                <ContactPage />
              </WithStore>
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
            <WithStore>
              <AdminPage />
            </WithStore>
          }
        />
        <Route
          path={routes.login}
          element={
            <WithStore>
              <LoginPage />
            </WithStore>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
