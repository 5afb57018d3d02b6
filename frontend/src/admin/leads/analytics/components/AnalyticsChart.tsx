import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useMemo } from 'react';
import { useGetAnalyticsSummaryQuery } from '@/admin/leads/analytics/api/analyticsApi';
import { pageViewSeries } from './pageViewSeries';

const HEIGHT = 280;
/** An empty chart says so in words instead of drawing bare axes. */
const NO_VISITS = 'No visits, renders or quotes in the last 30 days yet.';
const NO_PAGE_VIEWS = 'No page views in the last 30 days yet.';

/** Page views per day and the visit → visualizer → quote funnel of the last 30 days. */
export function AnalyticsChart() {
  const { data, isLoading, isError } = useGetAnalyticsSummaryQuery();
  const views = useMemo(() => (data ? pageViewSeries(data.pageViews) : null), [data]);
  if (isError)
    return <Typography color="text.secondary">Site analytics could not be loaded.</Typography>;
  return (
    <Grid container spacing={2} data-testid="analytics-summary">
      <Grid size={{ xs: 12, md: 8 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              Page views, last 30 days
            </Typography>
            {isLoading || !views ? (
              <Skeleton variant="rectangular" height={HEIGHT} />
            ) : views.series.every((series) => series.data.every((n) => n === 0)) ? (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {NO_PAGE_VIEWS}
              </Typography>
            ) : (
              <BarChart
                height={HEIGHT}
                xAxis={[{ scaleType: 'band', data: views.days }]}
                series={views.series.map((s) => ({ ...s, stack: 'views' }))}
              />
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              Visit → visualizer → quote
            </Typography>
            {isLoading || !data ? (
              <Skeleton variant="rectangular" height={HEIGHT} />
            ) : data.funnel.every((step) => step.count === 0) ? (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {NO_VISITS}
              </Typography>
            ) : (
              <BarChart
                height={HEIGHT}
                xAxis={[{ scaleType: 'band', data: data.funnel.map((step) => step.label) }]}
                series={[{ label: 'Count', data: data.funnel.map((step) => step.count) }]}
              />
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
