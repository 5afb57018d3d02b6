import { List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { LoadFailedAlert } from '@/admin/shell/LoadFailedAlert';
import { useFetchFailureToast } from '@/admin/shell/useFetchFailureToast';
import { formatDateTime, formatEuro } from '@/shared/format/format';
import { type HistoryEntry, type PipelineColumn, useGetLeadHistoryQuery } from '../api/leadsApi';
import { FIELD_LABELS, leadCopy, SOURCE_LABELS } from '../copy';

interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

const show = (field: string, value: unknown) => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (field === 'totalPrice' && typeof value === 'number') return formatEuro(value);
  return String(value);
};

const EMAIL_KIND_LABELS: Record<string, string> = {
  quote: 'quote to the customer',
  quote_notification: 'notice to the company mailbox',
  contact_notification: 'notice to the company mailbox',
};

/** One sentence per event, in the words a salesperson would use. */
export function describeEntry(entry: HistoryEntry, columns: PipelineColumn[]): string {
  const d = entry.details;
  const columnName = (id: unknown) => columns.find((c) => c.id === id)?.name ?? String(id);
  switch (entry.type) {
    case 'LeadCreated':
      return `Lead created from ${SOURCE_LABELS[String(d.source)] ?? String(d.source)}${
        d.patternId ? ` (pattern ${String(d.patternId)})` : ''
      }`;
    case 'LeadDetailsChanged': {
      const changes = (d.changes as Change[] | undefined) ?? [];
      if (d.redacted && changes.length === 0) return 'Details changed (personal data erased)';
      return changes
        .map(
          (c) =>
            `${FIELD_LABELS[c.field] ?? c.field}: ${show(c.field, c.from)} → ${show(c.field, c.to)}`,
        )
        .join('; ');
    }
    case 'LeadStatusChanged':
      return `Status: ${columnName(d.from)} → ${columnName(d.to)}${
        d.reason === 'column_removed' ? ' (column deleted)' : ''
      }`;
    case 'LeadNotesChanged':
      return d.redacted
        ? 'Notes changed (erased)'
        : `Notes: ${show('notes', d.from)} → ${show('notes', d.to)}`;
    case 'LeadTrashed':
      return 'Moved to the Recycle Bin';
    case 'LeadRestored':
      return 'Restored from the Recycle Bin';
    case 'LeadErased':
      return 'Deleted permanently (personal data erased)';
    case 'EmailQueued':
      return `E-mail queued${d.subject ? `: ${String(d.subject)}` : ''}${
        d.kind === 'staff' ? '' : ` (${EMAIL_KIND_LABELS[String(d.kind)] ?? String(d.kind)})`
      }`;
    case 'EmailDelivered':
      return 'E-mail delivered';
    case 'EmailDeliveryFailed':
      return `E-mail failed: ${String(d.reason)}`;
    case 'EmailReceived':
      return `E-mail received${d.subject ? `: ${String(d.subject)}` : ''}`;
    case 'EmailConversationRead':
      return 'E-mail conversation read';
    case 'VisualizationGenerated':
      return `Tried pattern ${String(d.patternId)} in the visualizer`;
    default:
      return entry.type;
  }
}

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
