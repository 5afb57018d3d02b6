import { useCallback } from 'react';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';
import { conflictOf } from '../api/leadsApi';
import { leadCopy } from '../copy';

/** A failed lead change: a stale view learns who changed the lead meanwhile, anything else toasts. */
export function useUpdateFailure(onConflict: (message: string) => void) {
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      const stale = conflictOf(error);
      if (stale) {
        onConflict(leadCopy.conflict(stale.changedBy));
        return;
      }
      toast({
        title: leadCopy.updateFailed.title,
        description: errorMessage(error, leadCopy.updateFailed.fallback),
        variant: 'destructive',
      });
    },
    [onConflict, toast],
  );
}
