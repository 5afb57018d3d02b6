import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { WEB_VITALS, WEB_VITALS_DEFAULT_DAYS, type PageVitals } from '#src/contract/analytics';
import { useGetWebVitalsQuery } from '@/admin/leads/analytics/api/analyticsApi';
import { type RowColumn, RowTable } from '@/shared/components/RowTable';
import { formatVital, webVitalCells, type WebVitalCell } from './webVitalCells';

function VitalCell({ cell }: { cell: WebVitalCell }) {
  return (
    <>
      <Typography
        variant="body2"
        component="span"
        sx={{
          fontWeight: 600,
          color:
            cell.passes === null ? 'text.secondary' : cell.passes ? 'success.main' : 'error.main',
        }}
      >
        {cell.p75}
      </Typography>
      {cell.samples > 0 && (
        <Typography variant="caption" component="div" color="text.secondary">
          {cell.good} good · {cell.views}
        </Typography>
      )}
    </>
  );
}

const columns: RowColumn<PageVitals>[] = [
  { header: 'Page', rowHeader: true, cell: (page) => page.page },
  ...WEB_VITALS.map(({ metric, label }, index): RowColumn<PageVitals> => ({
    header: `${metric} p75`,
    key: metric,
    title: label,
    align: 'right',
    cell: (page) => <VitalCell cell={webVitalCells(page)[index]!} />,
  })),
];

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
          <RowTable
            label="Core Web Vitals per page"
            columns={columns}
            rows={data.pages}
            rowKey={(page) => page.page}
            rowTestId="web-vitals-row"
          />
        )}
      </CardContent>
    </Card>
  );
}
