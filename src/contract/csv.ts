/**
 * The one CSV cell every export of the product writes, on the server and in the browser.
 * Text that a spreadsheet would run as a formula (a leading = + - @, tab or carriage return) is
 * defused with a leading apostrophe; numbers stay numbers, so a negative figure is not altered.
 * A cell holding a separator, a quote, an apostrophe or a line break is quoted (RFC 4180).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record with its RFC 4180 line end. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
