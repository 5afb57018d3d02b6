import { useEffect, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '@/app/store';
import { getAdminToken } from '@/shared/session/session';
import { connectLiveUpdates, liveStatus, onLiveStatus } from './liveUpdates';

/** Keeps the admin's one live stream open while `enabled` (a signed-in, usable session). */
export function useLiveUpdates(enabled: boolean): void {
  const dispatch = useDispatch<AppDispatch>();
  useEffect(() => {
    const token = getAdminToken();
    if (!enabled || !token) return;
    return connectLiveUpdates(dispatch, token);
  }, [enabled, dispatch]);
}

/** Whether changes made elsewhere reach this window now. */
export const useLiveStatus = () => useSyncExternalStore(onLiveStatus, liveStatus);
