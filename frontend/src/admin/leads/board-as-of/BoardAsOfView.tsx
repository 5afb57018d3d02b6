import {
  Box,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { BoardAsOf } from '#src/contract/board-history';
import { useGetBoardAsOfQuery } from './boardAsOfApi';
import { boardAsOfCopy } from './copy';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { formatEuro, formatNumber } from '@/shared/format/format';

const CARDS_PER_COLUMN = 10;

function StatCardsAsOf({ stats }: { stats: BoardAsOf['stats'] }) {
  const cards = [
    { label: 'Total Quotes', value: formatNumber(stats.totalQuotes) },
    { label: 'Total Revenue', value: formatEuro(stats.totalRevenue) },
    { label: 'Potential Revenue', value: formatEuro(stats.potentialRevenue) },
    { label: 'Active Leads', value: formatNumber(stats.activeLeads) },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 12, sm: 6, md: 3 }}>
          <Card variant="outlined" data-testid={`past-stat-${card.label}`}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {card.label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
                {card.value}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** The board and its totals as they were at `at`: read-only, nothing to drag or edit. */
export function BoardAsOfView({ at }: { at: string }) {
  const { data, isFetching, isError, refetch } = useGetBoardAsOfQuery({
    at,
    cardsPerColumn: CARDS_PER_COLUMN,
  });
  if (isError) return <LoadFailedAlert message={boardAsOfCopy.boardAsOfFailed} onRetry={refetch} />;
  if (!data || isFetching) return <CircularProgress aria-label="Loading the past board" />;
  return (
    <Box data-testid="board-as-of">
      <StatCardsAsOf stats={data.stats} />
      <Stack
        direction="row"
        spacing={2}
        sx={{ overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}
      >
        {data.columns.map((column) => (
          <Paper
            key={column.id}
            variant="outlined"
            component="section"
            aria-label={`${column.name} as it was`}
            sx={{ width: 290, flexShrink: 0, p: 1.5, bgcolor: 'action.hover' }}
          >
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {column.name} ({column.total})
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {formatEuro(column.value)}
            </Typography>
            <Stack spacing={1}>
              {column.leads.map((lead) => (
                <Card key={lead.id} variant="outlined" sx={{ p: 1.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {lead.name ?? boardAsOfCopy.erasedLead}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[lead.doorStyle, formatEuro(lead.totalPrice)].filter(Boolean).join(' · ')}
                  </Typography>
                </Card>
              ))}
              {column.total > column.leads.length && (
                <Typography variant="body2" color="text.secondary">
                  {boardAsOfCopy.moreLeads(column.total - column.leads.length)}
                </Typography>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
