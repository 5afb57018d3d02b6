import { useDroppable } from '@dnd-kit/core';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { PipelineColumn } from '#src/contract/pipeline';
import { useGetLeadPageQuery } from '@/admin/leads/api/leadsApi';
import { COLUMN_SWATCHES } from '@/admin/leads/lib/columnColors';
import { leadCopy } from '@/admin/leads/copy';
import { useReloadLeads } from '@/admin/leads/hooks/useReloadLeads';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { formatEuro } from '@/shared/format/format';
import { CARDS_PER_PAGE, columnPageArgs } from '@/admin/leads/api/boardQueries';
import { LeadCard } from './LeadCard';

interface Props {
  column: PipelineColumn;
  value: number | undefined;
  onOpen: (leadId: string) => void;
  onTrash: (leadId: string) => void;
  onEdit: (column: PipelineColumn) => void;
  /** Only this member's leads ("My leads"). */
  owner?: string;
}

function ColumnPage({
  status,
  page,
  onOpen,
  onTrash,
  owner,
}: {
  status: string;
  page: number;
  owner?: string;
  onOpen: Props['onOpen'];
  onTrash: Props['onTrash'];
}) {
  const leadPage = useGetLeadPageQuery(columnPageArgs(status, page, owner));
  const { data, isLoading, isError } = leadPage;
  useFetchFailureToast(leadPage, leadCopy.fetchQuotesFailed);
  const reloadLeads = useReloadLeads();
  if (isLoading) return <Skeleton variant="rectangular" height={90} sx={{ flexShrink: 0 }} />;
  if (isError)
    return <LoadFailedAlert message={leadCopy.fetchQuotesFailed} onRetry={reloadLeads} />;
  return (
    <>
      {data?.items.map((lead) => (
        <LeadCard key={lead.id} lead={lead} onOpen={onOpen} onTrash={onTrash} />
      ))}
    </>
  );
}

/** One pipeline stage: its count and money total, and its cards a page at a time. */
export function KanbanColumn({ column, value, onOpen, onTrash, onEdit, owner }: Props) {
  const [pages, setPages] = useState(1);
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const { data: first, isError: countFailed } = useGetLeadPageQuery(
    columnPageArgs(column.id, 1, owner),
  );
  const total = first?.total ?? 0;
  const swatch = COLUMN_SWATCHES[column.color];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`${column.name} column`}
      data-testid={`column-${column.id}`}
      sx={{
        width: 290,
        flexShrink: 0,
        bgcolor: swatch.background,
        borderTop: `4px solid ${swatch.accent}`,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: '75vh',
      }}
    >
      <Stack direction="row" sx={{ p: 1.5, pb: 1, alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} noWrap>
            {column.name}{' '}
            <Typography
              component="span"
              variant="body2"
              sx={{ color: swatch.accent, fontWeight: 700 }}
              data-testid="column-count"
            >
              ({first ? total : countFailed ? '–' : '…'})
            </Typography>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {value === undefined ? ' ' : formatEuro(value)}
          </Typography>
        </Box>
        <Tooltip title="Edit column">
          <IconButton
            size="small"
            aria-label={`Edit column ${column.name}`}
            onClick={() => onEdit(column)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Stack
        ref={setNodeRef}
        spacing={1}
        sx={{
          p: 1,
          pt: 0,
          minHeight: 240,
          overflowY: 'auto',
          flexGrow: 1,
          outline: isOver ? `2px dashed ${swatch.accent}` : 'none',
          outlineOffset: -4,
          borderRadius: 1,
        }}
      >
        {Array.from({ length: pages }, (_, i) => (
          <ColumnPage
            key={i}
            status={column.id}
            page={i + 1}
            owner={owner}
            onOpen={onOpen}
            onTrash={onTrash}
          />
        ))}
        {pages * CARDS_PER_PAGE < total && (
          <Button size="small" sx={{ flexShrink: 0 }} onClick={() => setPages((p) => p + 1)}>
            Show more ({total - pages * CARDS_PER_PAGE} more)
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
