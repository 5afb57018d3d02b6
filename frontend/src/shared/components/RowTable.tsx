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
  /**
   * Tells columns apart where headers may repeat (the header otherwise); body cells carry it as
   * `data-column`.
   */
  key?: string;
  /** The header's tooltip, e.g. what an abbreviation stands for. */
  title?: string;
  /** The cell names its row (a `th`), as the first column of a table of pages does. */
  rowHeader?: boolean;
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
  rowKey: (row: Row, index: number) => string;
  /** Body rows light up under the pointer. */
  hover?: boolean;
  /** A `data-testid` on each body row. */
  rowTestId?: string;
  /** Drawn in an outlined paper of its own rather than on the card it stands in. */
  outlined?: boolean;
  /** Scrolls the body under a header that stays put, beyond this height. */
  maxHeight?: number;
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
  maxHeight,
}: RowTableProps<Row>) {
  const container = outlined ? { component: Paper, variant: 'outlined' as const } : {};
  const sticky = maxHeight !== undefined;
  return (
    <TableContainer {...container} sx={sticky ? { maxHeight } : undefined}>
      <Table size="small" stickyHeader={sticky} aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key ?? column.header}
                align={column.align}
                title={column.title}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)} hover={hover} data-testid={rowTestId}>
              {columns.map((column) => (
                <TableCell
                  key={column.key ?? column.header}
                  data-column={column.key}
                  align={column.align}
                  {...(column.rowHeader && { component: 'th' as const, scope: 'row' })}
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
