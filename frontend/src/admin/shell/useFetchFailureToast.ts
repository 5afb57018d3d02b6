import { useEffect, useState } from 'react';
import { isUnauthorizedError } from '@/admin/auth/hooks/useUnauthorizedRedirect';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';

/** The parts of an RTK Query result that tell whether a load failed. */
export interface LoadState {
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
}

/**
 * Messages toasted and not yet followed by a successful load. Shared, because several parts of a
 * screen may watch the same data (the Recycle Bin and its tab's count) and mount at different
 * moments: whichever sees a failure first raises the toast for all of them.
 */
const reportedFailures = new Set<string>();

/**
 * Raises the SPEC §8 fetch-failure toast (e.g. 'Failed to fetch quotes') once per failure: a
 * refetch or poll that fails again stays quiet until a load has succeeded in between.
 */
export function useFetchFailureToast({ isFetching, isError, error }: LoadState, message: string) {
  const toast = useToast();
  const [wasFetching, setWasFetching] = useState(isFetching);
  const [settled, setSettled] = useState<{ failed: boolean; reason: string } | null>(null);

  // Judged only when a request settles while this screen watches: an error cached from an
  // earlier visit was toasted back then, and a 401 sends the user to the login page instead.
  if (isFetching !== wasFetching) {
    setWasFetching(isFetching);
    if (!isFetching) {
      setSettled({
        failed: isError && !isUnauthorizedError(error),
        reason: errorMessage(error, 'Please try again.'),
      });
    }
  }

  useEffect(() => {
    if (!settled) return;
    if (!settled.failed) {
      reportedFailures.delete(message);
    } else if (!reportedFailures.has(message)) {
      reportedFailures.add(message);
      toast({ title: message, description: settled.reason, variant: 'destructive' });
    }
  }, [settled, message, toast]);
}
