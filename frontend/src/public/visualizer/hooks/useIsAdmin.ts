import { useEffect, useRef } from 'react';
import { ADMIN_TOKEN_KEY } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';
import { useVisualizerAdminCheckQuery } from '../api/visualizerApi';
import { visualizerCopy } from '../copy';

/** Staff (a stored token that verify accepts) render without limit: docs/product.md#visualizer. */
export function useIsAdmin(): boolean {
  // Prerendering runs without browser storage; hydration starts as a visitor either way.
  const hasToken =
    typeof localStorage !== 'undefined' && Boolean(localStorage.getItem(ADMIN_TOKEN_KEY));
  const { isSuccess } = useVisualizerAdminCheckQuery(undefined, { skip: !hasToken });
  const isAdmin = hasToken && isSuccess;
  const toast = useToast();
  const announced = useRef(false);
  useEffect(() => {
    if (!isAdmin || announced.current) return;
    announced.current = true;
    toast({ ...visualizerCopy.toasts.admin, variant: 'success', duration: 3000 });
  }, [isAdmin, toast]);
  return isAdmin;
}
