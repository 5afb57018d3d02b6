import { Chip } from '@mui/material';
import type { PipelineColumn } from '#src/contract/pipeline';
import { COLUMN_SWATCHES } from '../lib/columnColors';

/** A lead's status in its column's colour; unknown statuses fall back to gray. */
export function StatusChip({ status, columns }: { status: string; columns: PipelineColumn[] }) {
  const column = columns.find((c) => c.id === status);
  const swatch = COLUMN_SWATCHES[column?.color ?? 'gray'];
  return (
    <Chip
      size="small"
      label={column?.name ?? status}
      sx={{ bgcolor: swatch.background, color: swatch.accent, fontWeight: 600 }}
    />
  );
}
