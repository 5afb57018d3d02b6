import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { useGetUnreadCountsQuery } from '../api/mailApi';
import { mailCopy } from '../copy';

/** A lead's unread count; every card shares one request for all of them. */
export function useUnreadCount(leadId: string): number {
  const query = useGetUnreadCountsQuery(undefined, {
    selectFromResult: ({ data, isFetching, isError, error }) => ({
      count: data?.[leadId] ?? 0,
      isFetching,
      isError,
      error,
    }),
  });
  useFetchFailureToast(query, mailCopy.fetchUnreadFailed);
  return query.count;
}
