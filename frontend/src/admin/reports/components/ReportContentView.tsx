import { Box, CircularProgress, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useReportQuery } from '@/admin/reports/api/reportsApi';
import { reportCopy } from '@/admin/reports/copy';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { ReportTableView } from './ReportTableView';

/** A built report: its chart, then its tables, each exportable as CSV. */
export function ReportContentView({
  name,
  revision,
  emptyText = reportCopy.noRows,
}: {
  name: string;
  revision: string;
  /** What an empty report says instead of drawing empty axes. */
  emptyText?: string;
}) {
  const report = useReportQuery({ name, revision });
  if (report.isError)
    return <LoadFailedAlert message={reportCopy.reportFailed} onRetry={report.refetch} />;
  // `currentData`, not `data`: after a rebuild the card already says the new build's count, so the
  // previous build's tables are not shown under it while the new ones load.
  if (!report.currentData) return <CircularProgress size={24} aria-label={`Loading ${name}`} />;
  // A build made by older code that the new code cannot read: the card says to rebuild it.
  const { content } = report.currentData;
  if (!content) return null;
  const { chart } = content;
  return (
    <Box>
      <Typography variant="subtitle1" component="h4">
        {chart.title}
      </Typography>
      {chart.categories.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: chart.categories }]}
          series={chart.series.map((series) => ({ label: series.label, data: series.data }))}
        />
      )}
      {content.tables.map((table, index) => (
        <ReportTableView
          key={table.title}
          table={table}
          fileName={`${name}-${index + 1}`}
          emptyText={emptyText}
        />
      ))}
    </Box>
  );
}
