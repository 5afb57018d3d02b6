import { List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import type { PipelineColumn } from '#src/contract/pipeline';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { formatDateTime } from '@/shared/format/format';
import { useGetLeadHistoryQuery } from '../api/leadsApi';
import { leadCopy } from '../copy';
import { describeEntry } from '../lib/historyPresenters';

/** The lead's whole timeline, newest first, with who and when. */
export function LeadHistoryList({
  leadId,
  columns,
}: {
  leadId: string;
  columns: PipelineColumn[];
}) {
  const history = useGetLeadHistoryQuery(leadId);
  const { data, isLoading, isError, refetch } = history;
  useFetchFailureToast(history, leadCopy.fetchHistoryFailed);
  if (isLoading) return <Skeleton variant="rectangular" height={80} />;
  if (isError || !data)
    return <LoadFailedAlert message="Failed to load the history" onRetry={refetch} />;
  return (
    <List dense aria-label="Lead history" disablePadding>
      {data.map((entry) => (
        <ListItem key={entry.id} disableGutters divider data-testid="history-entry">
          <ListItemText
            primary={describeEntry(entry, columns)}
            secondary={
              <Typography component="span" variant="caption" color="text.secondary">
                {entry.actorName} · {formatDateTime(entry.occurredAt)}
              </Typography>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
