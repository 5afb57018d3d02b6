import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PublicLayout } from '@/public/layout/PublicLayout';
import { NotFoundPage } from '@/public/pages/NotFoundPage';
import { PlaceholderPage } from '@/public/pages/PlaceholderPage';
import { routes } from './routes';

// Admin code is its own chunk: public visitors never download it.
const AdminPage = lazy(() => import('@/admin/pages/AdminPage'));
const LoginPage = lazy(() => import('@/admin/pages/LoginPage'));

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

const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      {
        path: routes.home,
        element: (
          <PlaceholderPage
            title="Keittiökalvo – keittiön kalvotus Uudellamaalla"
            heading="Uusi ilme keittiöllesi"
          />
        ),
      },
      {
        path: routes.quote,
        element: <PlaceholderPage title="Hintalaskuri – Keittiökalvo" heading="Hintalaskuri" />,
      },
      {
        path: routes.visualizer,
        element: (
          <PlaceholderPage
            title="Keittiö Visualisoija – Keittiökalvo"
            heading="Keittiö Visualisoija"
          />
        ),
      },
      {
        path: routes.patterns,
        element: (
          <PlaceholderPage title="Vinyylimallisto – Keittiökalvo" heading="Vinyylimallisto" />
        ),
      },
      {
        path: routes.contact,
        element: <PlaceholderPage title="Ota yhteyttä – Keittiökalvo" heading="Ota yhteyttä" />,
      },
      {
        path: routes.legal,
        element: (
          <PlaceholderPage title="Tietosuojailmoitus – Keittiökalvo" heading="Tietosuojailmoitus" />
        ),
      },
      {
        path: routes.privacy,
        element: (
          <PlaceholderPage title="Tietosuojaseloste – Keittiökalvo" heading="Tietosuojaseloste" />
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: routes.admin,
    element: (
      <Lazy>
        <AdminPage />
      </Lazy>
    ),
  },
  {
    path: routes.login,
    element: (
      <Lazy>
        <LoginPage />
      </Lazy>
    ),
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
