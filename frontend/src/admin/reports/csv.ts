import { csvCell } from '#src/contract/csv';
import type { ReportTable } from '#src/contract/reports';

/** The table as CSV with a header row of the column labels (RFC 4180 line ends). */
export function tableToCsv(table: ReportTable): string {
  const lines = [
    table.columns.map((column) => csvCell(column.label)).join(','),
    ...table.rows.map((row) => table.columns.map((column) => csvCell(row[column.key])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  // A byte order mark lets spreadsheet programs read the Finnish letters as UTF-8.
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
