import { DialogContentText, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import type { PipelineColumn } from '#src/contract/pipeline';
import { useGetLeadPageQuery } from '@/admin/leads/api/leadsApi';
import { leadCopy } from '@/admin/leads/copy';
import { ActionDialog } from '@/shared/components/ActionDialog';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';

interface Props {
  column: PipelineColumn;
  columns: PipelineColumn[];
  busy: boolean;
  onConfirm: (moveLeadsTo: string | undefined) => void;
  onClose: () => void;
}

/** A column with leads asks which column receives them (docs/product.md#pipeline-columns). */
export function DeleteColumnDialog({ column, columns, busy, onConfirm, onClose }: Props) {
  const others = columns.filter((c) => c.id !== column.id);
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const heldQuery = useGetLeadPageQuery({ status: column.id, page: 1, pageSize: 1 });
  const { data, isLoading, isError } = heldQuery;
  useFetchFailureToast(heldQuery, leadCopy.fetchQuotesFailed);
  const held = data?.total ?? 0;
  return (
    <ActionDialog
      title={`Delete column “${column.name}”?`}
      onClose={onClose}
      maxWidth="xs"
      action={{
        label: 'Delete Column',
        color: 'error',
        disabled: busy || isLoading || isError,
        onClick: () => onConfirm(held > 0 ? target : undefined),
      }}
    >
      {held > 0 ? (
        <>
          <DialogContentText sx={{ mb: 2 }}>
            This column holds {held} {held === 1 ? 'lead' : 'leads'}. Choose the column that
            receives them.
          </DialogContentText>
          <TextField
            select
            fullWidth
            label="Move leads to"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            {others.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : isError ? (
        <LoadFailedAlert message={leadCopy.fetchQuotesFailed} onRetry={heldQuery.refetch} />
      ) : (
        <DialogContentText>The column is empty and will be removed.</DialogContentText>
      )}
    </ActionDialog>
  );
}
