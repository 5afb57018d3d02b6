import { useEffect, useRef, useState } from 'react';
import type { Pattern } from '#src/contract/patterns';
import { usePatternCatalogue } from '@/public/patterns/api/patternsApi';
import { PatternGrid } from '@/public/patterns/components/PatternGrid';
import { PatternOverlay } from '@/public/patterns/components/PatternOverlay';
import { PatternPagination } from '@/public/patterns/components/PatternPagination';
import { PatternToolbar } from '@/public/patterns/components/PatternToolbar';
import { patternsCopy } from '@/public/patterns/copy';
import { usePatternBrowser } from '@/public/patterns/hooks/usePatternBrowser';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { Alert } from '@/shared/ui/Alert';
import { Button } from '@/shared/ui/Button';

const NO_PATTERNS: Pattern[] = [];

/** /patterns: the whole catalogue, searched and paged here (docs/product.md#pattern-library). */
export default function PatternsPage() {
  usePageMeta(patternsCopy.title, patternsCopy.description);
  const { data, isLoading, isError, retry } = usePatternCatalogue();
  const browser = usePatternBrowser(data ?? NO_PATTERNS);
  const [opened, setOpened] = useState<Pattern | null>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const shownPage = useRef(browser.page);

  // Paging from the buttons under the grid would otherwise leave the visitor at its bottom.
  useEffect(() => {
    if (shownPage.current === browser.page) return;
    shownPage.current = browser.page;
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [browser.page]);

  return (
    <div className="container page">
      <h1 className="page-title">{patternsCopy.heading}</h1>
      <p className="muted patterns-lead">{data ? patternsCopy.lead(data.length) : '\u00a0'}</p>

      <PatternToolbar browser={browser} />

      {isLoading && (
        <div role="status" className="patterns-loading">
          <span className="spinner spinner-small" aria-hidden="true" />
          {patternsCopy.loading}
        </div>
      )}
      {isError && (
        <Alert severity="error" className="patterns-error">
          <span>{patternsCopy.loadError}</span>
          <Button onClick={retry}>{patternsCopy.retry}</Button>
        </Alert>
      )}
      {data && (
        <section ref={resultsRef} aria-labelledby="pattern-results" className="pattern-results">
          <p
            id="pattern-results"
            role="status"
            data-testid="pattern-results"
            className={browser.matching > 0 ? 'muted pattern-count' : 'pattern-none'}
          >
            {browser.matching > 0
              ? patternsCopy.results(browser.first, browser.last, browser.matching, browser.total)
              : patternsCopy.noResults}
          </p>
          {browser.matching === 0 ? (
            <div className="pattern-empty">
              <p className="muted">{patternsCopy.noResultsHint}</p>
              <Button variant="outlined" onClick={() => browser.setSearch('')}>
                {patternsCopy.clearSearch}
              </Button>
            </div>
          ) : (
            <>
              <PatternGrid patterns={browser.visible} view={browser.view} onOpen={setOpened} />
              <PatternPagination browser={browser} />
            </>
          )}
        </section>
      )}
      {opened && <PatternOverlay pattern={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
