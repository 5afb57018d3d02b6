import { describe, expect, it } from '@jest/globals';
import { tableToCsv } from './csv';

describe(tableToCsv.name, () => {
  const table = (names: string[]) => ({
    title: 'Staff activity',
    columns: [
      { key: 'name', label: 'Salesperson', kind: 'text' as const },
      { key: 'moves', label: 'Moves', kind: 'count' as const },
    ],
    rows: names.map((name, i) => ({ name, moves: -i })),
  });

  // Each formula prefix is the contract's csvCell's to defuse (src/contract/csv.spec.ts); here,
  // only that every cell of a row goes through it.
  it('should defuse a name that starts a formula and keep numbers as numbers', () => {
    const [, row] = tableToCsv(table(['=HYPERLINK("http://evil.example/","Open")'])).split('\r\n');
    expect(row.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(row.endsWith(',0')).toBe(true);
  });

  it('should defuse a column label too and end every record with CRLF', () => {
    const csv = tableToCsv({
      ...table(['Aino', 'Eero']),
      columns: [{ key: 'name', label: '=x', kind: 'text' }],
    });
    expect(csv).toBe(`"'=x"\r\nAino\r\nEero\r\n`);
  });
});
