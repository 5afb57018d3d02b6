import { Download } from '@mui/icons-material';
import { Box, Button, Typography } from '@mui/material';
import type { ReportCell, ReportColumnKind, ReportTable } from '#src/contract/reports';
import { formatEuroWhole, formatNumber } from '@/shared/format/format';
import { reportCopy } from '@/admin/reports/copy';
import { downloadCsv, tableToCsv } from '@/admin/reports/csv';
import { type RowColumn, RowTable } from '@/shared/components/RowTable';

function formatCell(value: ReportCell, kind: ReportColumnKind): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return formatEuroWhole(value);
    case 'number':
      return formatNumber(value);
    case 'percent':
      return `${formatNumber(value)} %`;
    default:
      return formatNumber(value);
  }
}

export function ReportTableView({
  table,
  fileName,
  emptyText = reportCopy.noRows,
}: {
  table: ReportTable;
  fileName: string;
  emptyText?: string;
}) {
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h4">
          {table.title}
        </Typography>
        <Button
          size="small"
          startIcon={<Download />}
          onClick={() => downloadCsv(`${fileName}.csv`, tableToCsv(table))}
          aria-label={`${reportCopy.exportCsv}: ${table.title}`}
        >
          {reportCopy.exportCsv}
        </Button>
      </Box>
      {table.rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <RowTable
          label={table.title}
          columns={table.columns.map((column): RowColumn<ReportTable['rows'][number]> => ({
            key: column.key,
            header: column.label,
            align: column.kind === 'text' ? 'left' : 'right',
            cell: (row) => formatCell(row[column.key] ?? null, column.kind),
          }))}
          rows={table.rows}
          rowKey={(_, index) => String(index)}
          maxHeight={400}
        />
      )}
    </Box>
  );
}
