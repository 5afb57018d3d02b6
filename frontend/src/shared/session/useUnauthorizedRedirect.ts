import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { AppDispatch, RootState } from '@/app/store';
import { routes } from '@/app/routes';
import { clearAdminSession } from './session';

type Entry = { status?: string; error?: unknown } | undefined;

/** A 401 answer: the session is over, which the redirect below deals with. */
export const isUnauthorizedError = (error: unknown) =>
  (error as { status?: unknown } | undefined)?.status === 401;

const isUnauthorized = (entry: Entry) =>
  entry?.status === 'rejected' && isUnauthorizedError(entry.error);

/**
 * Any admin call answered 401 means the session is over (signed out elsewhere, deactivated,
 * password changed): drop the token and go to the login page at once
 * (docs/product.md#admin-session).
 */
export function useUnauthorizedRedirect(): void {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const unauthorized = useSelector((state: RootState) => {
    const { queries, mutations } = state.api;
    return (
      Object.values(queries).some((q) => isUnauthorized(q as Entry)) ||
      Object.values(mutations).some((m) => isUnauthorized(m as Entry))
    );
  });
  useEffect(() => {
    if (!unauthorized) return;
    clearAdminSession(dispatch);
    void navigate(routes.login, { replace: true });
  }, [unauthorized, dispatch, navigate]);
}
