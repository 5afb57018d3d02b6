import { useCallback } from 'react';
import { useToast } from '@/shared/components/toast';
import { useRestoreLeadMutation, useTrashLeadMutation } from '../api/leadsApi';
import { leadCopy } from '../copy';

/** Trash and restore with their toasts (docs/product.md#messages), shared by every tab. */
export function useLeadActions() {
  const toast = useToast();
  const [trash, trashState] = useTrashLeadMutation();
  const [restore, restoreState] = useRestoreLeadMutation();

  const trashLead = useCallback(
    async (id: string) => {
      try {
        await trash({ id }).unwrap();
        toast({ ...leadCopy.trashed, variant: 'success' });
      } catch {
        toast({ ...leadCopy.trashFailed, variant: 'destructive' });
      }
    },
    [trash, toast],
  );

  const restoreLead = useCallback(
    async (id: string) => {
      try {
        await restore({ id }).unwrap();
        toast({ ...leadCopy.restored, variant: 'success' });
      } catch {
        toast({ ...leadCopy.restoreFailed, variant: 'destructive' });
      }
    },
    [restore, toast],
  );

  return {
    trashLead,
    restoreLead,
    busy: trashState.isLoading || restoreState.isLoading,
  };
}
