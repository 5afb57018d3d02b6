import {
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { WEB_VITALS, WEB_VITALS_DEFAULT_DAYS } from '#src/contract/analytics';
import { useGetWebVitalsQuery } from '@/admin/leads/analytics/api/analyticsApi';
import { formatNumber } from '@/shared/format/format';
import { formatVital, webVitalCells } from './webVitalCells';

/**
 * The Core Web Vitals real visitors measured, per page over the last 28 days, as the Chrome UX
 * Report shows them: the 75th percentile and the share of page views rated good.
 */
export function WebVitalsTable() {
  const { data, isLoading, isError } = useGetWebVitalsQuery();
  return (
    <Card variant="outlined" data-testid="web-vitals">
      <CardContent>
        <Typography variant="h6" component="h2">
          Core Web Vitals, last {WEB_VITALS_DEFAULT_DAYS} days
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          75th percentile of the page views, and the share rated good (
          {WEB_VITALS.map(
            ({ metric, goodAtMost }) => `${metric} ≤ ${formatVital(metric, goodAtMost)}`,
          ).join(', ')}
          ).
        </Typography>
        {isError ? (
          <Typography color="text.secondary">Core Web Vitals could not be loaded.</Typography>
        ) : isLoading || !data ? (
          <Skeleton variant="rectangular" height={120} />
        ) : data.pages.length === 0 ? (
          <Typography color="text.secondary">No page views measured yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Core Web Vitals per page">
              <TableHead>
                <TableRow>
                  <TableCell>Page</TableCell>
                  {WEB_VITALS.map(({ metric, label }) => (
                    <TableCell key={metric} align="right" title={label}>
                      {metric} p75
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.pages.map((page) => (
                  <TableRow key={page.page} data-testid="web-vitals-row">
                    <TableCell component="th" scope="row">
                      {page.page}
                    </TableCell>
                    {webVitalCells(page).map((cell) => (
                      <TableCell key={cell.metric} align="right" data-metric={cell.metric}>
                        <Typography
                          variant="body2"
                          component="span"
                          sx={{
                            fontWeight: 600,
                            color:
                              cell.passes === null
                                ? 'text.secondary'
                                : cell.passes
                                  ? 'success.main'
                                  : 'error.main',
                          }}
                        >
                          {cell.p75}
                        </Typography>
                        {cell.samples > 0 && (
                          <Typography variant="caption" component="div" color="text.secondary">
                            {cell.good} good · {formatNumber(cell.samples)} views
                          </Typography>
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
