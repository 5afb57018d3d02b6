import type { LeadPageQuery } from '#src/contract/leads';
import { store } from '@/app/store';
import { leadsApi } from '@/admin/leads/api/leadsApi';
import { getAdminToken } from '@/shared/session/session';

/** About what a column shows at once on a laptop screen; the rest come with "Show more". */
export const CARDS_PER_PAGE = 10;

/** One page of a column's cards, newest first: the same arguments everywhere share one cache entry. */
export const columnPageArgs = (status: string, page: number, owner?: string): LeadPageQuery => ({
  status,
  page,
  pageSize: CARDS_PER_PAGE,
  sort: '-createdAt',
  ...(owner ? { owner } : {}),
});

/**
 * Starts loading what the board first shows: the columns, the totals, then each column's first
 * page. The CRM tab's `prefetchData`: it runs alongside the session check and the board's code
 * download, so the board renders from the cache instead of asking after its first render.
 */
export function prefetchBoard(): void {
  if (!getAdminToken()) return;
  const { dispatch } = store;
  const once = { subscribe: false } as const;
  void dispatch(leadsApi.endpoints.getLeadStats.initiate(undefined, once));
  void dispatch(leadsApi.endpoints.getColumns.initiate(undefined, once))
    .unwrap()
    .then((columns) => {
      for (const column of columns)
        void dispatch(leadsApi.endpoints.getLeadPage.initiate(columnPageArgs(column.id, 1), once));
    })
    // A failure shows when the board renders and asks again.
    .catch(() => undefined);
}
