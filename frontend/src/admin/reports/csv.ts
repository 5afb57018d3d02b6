import { csvLine } from '#src/contract/csv';
import type { ReportTable } from '#src/contract/reports';

/**
 * The table as CSV with a header row of the column labels, through the contract's one CSV cell
 * function: a salesperson's name or a column's name cannot run as a spreadsheet formula.
 */
export function tableToCsv(table: ReportTable): string {
  return [
    table.columns.map((column) => column.label),
    ...table.rows.map((row) => table.columns.map((column) => row[column.key])),
  ]
    .map(csvLine)
    .join('');
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
