import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import type { ReactNode } from 'react';

/** One column of a RowTable: its header and how a row fills its cell. */
export interface RowColumn<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'left' | 'right';
  /** Keeps the cell on one line, e.g. a row of action buttons. */
  noWrap?: boolean;
}

interface RowTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly RowColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Body rows light up under the pointer. */
  hover?: boolean;
  /** A `data-testid` on each body row. */
  rowTestId?: string;
  /** Drawn in an outlined paper of its own rather than on the card it stands in. */
  outlined?: boolean;
}

/** The admin's small tables: a header row and one body row per item, described by columns. */
export function RowTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  hover,
  rowTestId,
  outlined,
}: RowTableProps<Row>) {
  const container = outlined ? { component: Paper, variant: 'outlined' as const } : {};
  return (
    <TableContainer {...container}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row)} hover={hover} data-testid={rowTestId}>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={column.align}
                  sx={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row, index)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
