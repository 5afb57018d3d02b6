import { useEffect, useState } from 'react';
import { isUnauthorizedError } from '@/shared/session/useUnauthorizedRedirect';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';

/** The parts of an RTK Query result that tell whether a load failed. */
export interface LoadState {
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
}

/**
 * For each message, the loads (by key) whose failure it reported and that have not succeeded
 * since. Shared, because several parts of a screen may watch the same data (the board's columns)
 * or show the same message for different data (the bin and its tab's count), mounting and failing
 * at different moments: the message is toasted when the first of them fails and stays quiet
 * while any of them is still failing. Only the load that failed clears its own entry.
 */
const reportedFailures = new Map<string, Set<string>>();

/**
 * Raises the fetch-failure toast (e.g. 'Failed to fetch quotes', docs/product.md#messages) once
 * per failure: a refetch or poll that fails again stays quiet until a load has succeeded in
 * between. `key` tells apart different loads that share a message; parts watching the same load
 * share it.
 */
export function useFetchFailureToast(
  { isFetching, isError, error }: LoadState,
  message: string,
  key = message,
) {
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
    const failing = reportedFailures.get(message) ?? new Set<string>();
    if (!settled.failed) {
      failing.delete(key);
    } else {
      if (failing.size === 0)
        toast({ title: message, description: settled.reason, variant: 'destructive' });
      failing.add(key);
    }
    if (failing.size > 0) reportedFailures.set(message, failing);
    else reportedFailures.delete(message);
  }, [settled, message, key, toast]);
}
