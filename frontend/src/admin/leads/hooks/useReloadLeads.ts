import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '@/app/store';
import { leadsApi } from '../api/leadsApi';

/** Asks the server again for everything the pipeline screens show: columns, leads and totals. */
export function useReloadLeads(): () => void {
  const dispatch = useDispatch<AppDispatch>();
  return useCallback(() => {
    dispatch(leadsApi.util.invalidateTags(['Columns', 'Leads', 'Stats', 'Lead']));
  }, [dispatch]);
}
