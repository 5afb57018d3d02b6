import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button, Typography } from '@mui/material';
import { patternsCopy } from '@/public/patterns/copy';
import type { PatternBrowser } from '@/public/patterns/hooks/usePatternBrowser';

/** Previous / next, at most five numbered pages around the current one, and 'Sivu x / y'. */
export function PatternPagination({ browser }: { browser: PatternBrowser }) {
  const { page, pages, pageNumbers, setPage } = browser;
  return (
    <Box
      component="nav"
      aria-label={patternsCopy.pagination}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mt: 4 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 0.75 }}>
        <Button
          variant="outlined"
          onClick={() => setPage(page - 1)}
          disabled={page <= 1}
          startIcon={<ChevronLeft />}
        >
          {patternsCopy.previous}
        </Button>
        {pageNumbers.map((number) => (
          <Button
            key={number}
            variant={number === page ? 'contained' : 'outlined'}
            aria-label={patternsCopy.goToPage(number)}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => setPage(number)}
            sx={{ minWidth: 44 }}
          >
            {number}
          </Button>
        ))}
        <Button
          variant="outlined"
          onClick={() => setPage(page + 1)}
          disabled={page >= pages}
          endIcon={<ChevronRight />}
        >
          {patternsCopy.next}
        </Button>
      </Box>
      <Typography color="text.secondary" aria-live="polite">
        {patternsCopy.pageOf(page, pages)}
      </Typography>
    </Box>
  );
}
