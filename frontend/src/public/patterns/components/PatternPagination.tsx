import { patternIcons } from '@/public/patterns/icons';
import { patternsCopy } from '@/public/patterns/copy';
import type { PatternBrowser } from '@/public/patterns/hooks/usePatternBrowser';
import { Button } from '@/shared/ui/Button';
import { PathIcon } from '@/shared/ui/Icon';

/** Previous / next, at most five numbered pages around the current one, and 'Sivu x / y'. */
export function PatternPagination({ browser }: { browser: PatternBrowser }) {
  const { page, pages, pageNumbers, setPage } = browser;
  return (
    <nav aria-label={patternsCopy.pagination} className="pattern-pagination">
      <div className="pattern-pages">
        <Button variant="outlined" onClick={() => setPage(page - 1)} disabled={page <= 1}>
          <PathIcon path={patternIcons.chevronLeft} className="icon-small" />
          {patternsCopy.previous}
        </Button>
        {pageNumbers.map((number) => (
          <Button
            key={number}
            variant={number === page ? 'contained' : 'outlined'}
            aria-label={patternsCopy.goToPage(number)}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => setPage(number)}
            className="pattern-page-number"
          >
            {number}
          </Button>
        ))}
        <Button variant="outlined" onClick={() => setPage(page + 1)} disabled={page >= pages}>
          {patternsCopy.next}
          <PathIcon path={patternIcons.chevronRight} className="icon-small" />
        </Button>
      </div>
      <p className="muted" aria-live="polite">
        {patternsCopy.pageOf(page, pages)}
      </p>
    </nav>
  );
}
