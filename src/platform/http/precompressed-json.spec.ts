import { holdsCurrent } from './precompressed-json.js';

describe(holdsCurrent.name, () => {
  const etag = '"abc-gzip"';

  it('should not match when no tag is sent', () => {
    expect(holdsCurrent(undefined, etag)).toBe(false);
    expect(holdsCurrent('', etag)).toBe(false);
  });

  it('should match the current tag alone, in a list, or sent back as weak', () => {
    expect(holdsCurrent('"abc-gzip"', etag)).toBe(true);
    expect(holdsCurrent('"old", "abc-gzip"', etag)).toBe(true);
    expect(holdsCurrent('W/"abc-gzip"', etag)).toBe(true);
  });

  it('should not match another tag or another encoding of the same answer', () => {
    expect(holdsCurrent('"old"', etag)).toBe(false);
    expect(holdsCurrent('"abc"', etag)).toBe(false);
    expect(holdsCurrent('abc-gzip', etag)).toBe(false);
  });

  it('should match any tag for *', () => {
    expect(holdsCurrent(' * ', etag)).toBe(true);
  });
});
