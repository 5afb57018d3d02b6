import { Logout } from '@mui/icons-material';
import {
  AppBar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  Tab,
  Tabs,
  Toolbar,
  Typography,
} from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { type AppDispatch, store } from '@/app/store';
import { routes } from '@/app/routes';
import { usePageMeta } from '@/shared/components/usePageMeta';
import {
  fullName,
  sessionApi,
  useLogoutMutation,
  useVerifyQuery,
  VERIFY_CACHE_SECONDS,
} from '@/shared/session/sessionApi';
import { ForcePasswordChange } from '@/admin/auth/components/ForcePasswordChange';
import { ForceSecondFactorSetup } from '@/admin/auth/components/ForceSecondFactorSetup';
import { useUnauthorizedRedirect } from '@/shared/session/useUnauthorizedRedirect';
import { clearAdminSession, getAdminToken } from '@/shared/session/session';
import { preloadTab, tabsFor, type AdminTabId } from '@/admin/shell/tabs';
import { useLiveStatus, useLiveUpdates } from '@/shared/live/useLiveUpdates';

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', gap: 2 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/** Calls `preload` on the first render; true once the promise it returned has settled. */
function usePreloaded(preload: () => Promise<unknown>): boolean {
  const [loading] = useState(preload);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let mounted = true;
    const done = () => mounted && setSettled(true);
    loading.then(done, done);
    return () => {
      mounted = false;
    };
  }, [loading]);
  return settled;
}

// Started as soon as this chunk runs, not when React first shows the page (which it may hold back
// behind the route's fallback): the session check, the open tab's code and its data load meanwhile.
if (getAdminToken()) {
  void store.dispatch(sessionApi.endpoints.verify.initiate(undefined, { subscribe: false }));
  void preloadTab(new URLSearchParams(window.location.search).get('tab')).catch(() => undefined);
}

export default function AdminPage() {
  usePageMeta('Admin Dashboard', undefined, { noindex: true });
  const token = getAdminToken();
  if (!token) return <Navigate to={routes.login} replace />;
  return <AdminDashboard />;
}

function AdminDashboard() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const verify = useVerifyQuery(undefined, { refetchOnMountOrArgChange: VERIFY_CACHE_SECONDS });
  const [logout] = useLogoutMutation();
  useUnauthorizedRedirect();
  // The open tab's code downloads alongside the session check instead of after it, and the
  // spinner stays until both are in: the tab then renders without a Suspense fallback of its own.
  const tabLoaded = usePreloaded(() => preloadTab(searchParams.get('tab')));
  useLiveUpdates(
    !!verify.data &&
      !verify.data.user.mustChangePassword &&
      !verify.data.user.mustSetUpSecondFactor,
  );
  const live = useLiveStatus();

  useEffect(() => {
    if (!verify.isError) return;
    clearAdminSession(dispatch);
    void navigate(routes.login, { replace: true });
  }, [verify.isError, dispatch, navigate]);

  if (verify.isLoading || verify.isError || !verify.data || !tabLoaded) {
    return <Loading label="Loading admin panel..." />;
  }
  const user = verify.data.user;

  const signOut = async () => {
    // The session ends on the server when it can; the token goes either way.
    await logout()
      .unwrap()
      .catch(() => undefined);
    clearAdminSession(dispatch);
    void navigate(routes.login, { replace: true });
  };

  const tabs = tabsFor(user.role);
  const requested = searchParams.get('tab') as AdminTabId | null;
  const current = tabs.find((tab) => tab.id === requested) ?? tabs[0];

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }} data-live-status={live}>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
            Admin Dashboard
          </Typography>
          <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {fullName(user)}
          </Typography>
          {live === 'reconnecting' && (
            <Chip size="small" color="warning" role="status" label="Reconnecting…" />
          )}
          <Chip size="small" label={user.role} />
          <Button startIcon={<Logout />} onClick={signOut} variant="outlined">
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      {user.mustChangePassword ? (
        <ForcePasswordChange />
      ) : user.mustSetUpSecondFactor ? (
        <ForceSecondFactorSetup />
      ) : (
        <Container component="main" maxWidth="xl" sx={{ py: 3 }}>
          <Tabs
            value={current.id}
            onChange={(_, id: AdminTabId) => setSearchParams({ tab: id }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Admin sections"
            sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map(({ id, label, Label }) => (
              <Tab
                key={id}
                value={id}
                id={`admin-tab-${id}`}
                aria-controls={`admin-panel-${id}`}
                label={
                  Label ? (
                    <Suspense fallback={label}>
                      <Label />
                    </Suspense>
                  ) : (
                    label
                  )
                }
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`admin-panel-${current.id}`}
            aria-labelledby={`admin-tab-${current.id}`}
          >
            <Suspense fallback={<Loading label="Loading..." />}>
              <current.Content />
            </Suspense>
          </Box>
        </Container>
      )}
    </Box>
  );
}
