import { api, ADMIN_TOKEN_KEY } from '@/shared/api/api';
import type { AppDispatch } from '@/app/store';

export const getAdminToken = () => localStorage.getItem(ADMIN_TOKEN_KEY);
export const storeAdminToken = (token: string) => localStorage.setItem(ADMIN_TOKEN_KEY, token);

/** Forgets the token and everything fetched with it, so the next user starts clean. */
export function clearAdminSession(dispatch: AppDispatch): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  dispatch(api.util.resetApiState());
}
