import { Alert, Box, Button, CircularProgress, Container, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { Pattern } from '#src/contract/patterns';
import { useGetPatternsQuery } from '@/public/patterns/api/patternsApi';
import { PatternGrid } from '@/public/patterns/components/PatternGrid';
import { PatternOverlay } from '@/public/patterns/components/PatternOverlay';
import { PatternPagination } from '@/public/patterns/components/PatternPagination';
import { PatternToolbar } from '@/public/patterns/components/PatternToolbar';
import { patternsCopy } from '@/public/patterns/copy';
import { usePatternBrowser } from '@/public/patterns/hooks/usePatternBrowser';
import { usePageMeta } from '@/shared/components/usePageMeta';

const NO_PATTERNS: Pattern[] = [];

/** /patterns: the whole catalogue, searched and paged here (docs/product.md#pattern-library). */
export default function PatternsPage() {
  usePageMeta(patternsCopy.title, patternsCopy.description);
  const { data, isLoading, isError, refetch } = useGetPatternsQuery();
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
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 32, md: 44 }, mb: 1.5 }}>
        {patternsCopy.heading}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{ maxWidth: 720, mb: 4, fontSize: 18, minHeight: '3em' }}
      >
        {data ? patternsCopy.lead(data.length) : '\u00a0'}
      </Typography>

      <PatternToolbar browser={browser} />

      {isLoading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6 }}>
          <CircularProgress size={28} aria-hidden />
          <Typography>{patternsCopy.loading}</Typography>
        </Box>
      )}
      {isError && (
        <Alert
          severity="error"
          sx={{ mt: 3 }}
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              {patternsCopy.retry}
            </Button>
          }
        >
          {patternsCopy.loadError}
        </Alert>
      )}
      {data && (
        <Box
          component="section"
          ref={resultsRef}
          aria-labelledby="pattern-results"
          sx={{ mt: 3, scrollMarginTop: 80 }}
        >
          <Typography
            id="pattern-results"
            role="status"
            data-testid="pattern-results"
            sx={
              browser.matching > 0
                ? { mb: 2, color: 'text.secondary' }
                : { mt: 4, fontSize: 22, fontWeight: 700, textAlign: 'center' }
            }
          >
            {browser.matching > 0
              ? patternsCopy.results(browser.first, browser.last, browser.matching, browser.total)
              : patternsCopy.noResults}
          </Typography>
          {browser.matching === 0 ? (
            <Box sx={{ py: 4, textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {patternsCopy.noResultsHint}
              </Typography>
              <Button variant="outlined" onClick={() => browser.setSearch('')}>
                {patternsCopy.clearSearch}
              </Button>
            </Box>
          ) : (
            <>
              <PatternGrid patterns={browser.visible} view={browser.view} onOpen={setOpened} />
              <PatternPagination browser={browser} />
            </>
          )}
        </Box>
      )}
      <PatternOverlay pattern={opened} onClose={() => setOpened(null)} />
    </Container>
  );
}
