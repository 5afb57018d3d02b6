import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useGetLeadStatsQuery } from '@/admin/leads/api/leadsApi';
import { leadCopy } from '@/admin/leads/copy';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { formatEuro, formatNumber } from '@/shared/format/format';

/** Total Quotes, Total Revenue (closed), Potential Revenue (not closed), Active Leads. */
export function StatCards() {
  const stats = useGetLeadStatsQuery();
  const { data, isLoading, isError } = stats;
  useFetchFailureToast(stats, leadCopy.fetchQuotesFailed);
  const cards = [
    { label: 'Total Quotes', value: data && formatNumber(data.totalQuotes) },
    { label: 'Total Revenue', value: data && formatEuro(data.totalRevenue) },
    { label: 'Potential Revenue', value: data && formatEuro(data.potentialRevenue) },
    { label: 'Active Leads', value: data && formatNumber(data.activeLeads) },
  ];
  return (
    <Grid container spacing={2}>
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 12, sm: 6, md: 3 }}>
          <Card variant="outlined" data-testid={`stat-${card.label}`}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {card.label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
                {isLoading ? <Skeleton width={100} /> : isError ? '–' : card.value}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
