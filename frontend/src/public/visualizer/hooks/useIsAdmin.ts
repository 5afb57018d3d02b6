import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/shared/components/toast';
import { checkStaffToken } from '../api/visualizerApi';
import { visualizerCopy } from '../copy';

/** Staff (a stored token that verify accepts) render without limit: docs/product.md#visualizer. */
export function useIsAdmin(): boolean {
  // Prerendering runs without browser storage; hydration starts as a visitor either way.
  const [isAdmin, setIsAdmin] = useState(false);
  const toast = useToast();
  const announced = useRef(false);
  useEffect(() => {
    let current = true;
    void checkStaffToken().then((valid) => current && setIsAdmin(valid));
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    if (!isAdmin || announced.current) return;
    announced.current = true;
    toast({ ...visualizerCopy.toasts.admin, variant: 'success', duration: 3000 });
  }, [isAdmin, toast]);
  return isAdmin;
}
