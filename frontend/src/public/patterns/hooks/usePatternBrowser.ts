import { useMemo, useState } from 'react';
import type { Pattern } from '#src/contract/patterns';
import { filterPatterns, PAGE_SIZE, pageCount, pageWindow } from './paging';

export type PatternView = 'grid' | 'list';

/** Search, paging and view state of the pattern library; all on the client. */
export function usePatternBrowser(patterns: readonly Pattern[]) {
  const [search, setSearchText] = useState('');
  const [requestedPage, setPage] = useState(1);
  const [view, setView] = useState<PatternView>('grid');

  const matching = useMemo(() => filterPatterns(patterns, search), [patterns, search]);
  const pages = pageCount(matching.length);
  const page = Math.min(requestedPage, pages);
  const firstIndex = (page - 1) * PAGE_SIZE;
  // The same array until the page's models change: the grid defers its rendering on a change.
  const visible = useMemo(
    () => matching.slice(firstIndex, firstIndex + PAGE_SIZE),
    [matching, firstIndex],
  );

  return {
    search,
    /** A new search always starts again from the first page. */
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    view,
    setView,
    page,
    pages,
    setPage: (next: number) => setPage(Math.min(Math.max(1, next), pages)),
    pageNumbers: pageWindow(page, pages),
    visible,
    matching: matching.length,
    total: patterns.length,
    first: matching.length ? firstIndex + 1 : 0,
    last: firstIndex + visible.length,
  };
}

export type PatternBrowser = ReturnType<typeof usePatternBrowser>;
