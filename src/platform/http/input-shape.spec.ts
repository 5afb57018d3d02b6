import { findInputProblem, findPathProblem, MAX_INPUT_DEPTH } from './input-shape.js';

function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe(findInputProblem.name, () => {
  it('should pass ordinary input with Finnish letters and emoji', () => {
    expect(
      findInputProblem({ customer: { firstName: 'Äänekoski 😀' }, items: [1, null, true] }),
    ).toBeNull();
  });

  it('should name the field that holds a NUL character', () => {
    expect(findInputProblem({ customer: { firstName: 'A\u0000' } })).toBe(
      'customer.firstName must not contain NUL characters or unpaired surrogates',
    );
  });

  it('should name array items by index and find lone surrogates of either half', () => {
    expect(findInputProblem({ items: ['ok', 'x\ud800'] })).toMatch(/^items\.1 must not/);
    expect(findInputProblem({ note: '\udc00 trailing' })).toMatch(/^note must not/);
  });

  it('should check keys as well as values', () => {
    expect(findInputProblem({ data: { ['k\u0000']: 1 } })).toBe(
      'data.k\u0000 must not contain NUL characters or unpaired surrogates',
    );
  });

  it('should accept nesting up to the limit and refuse one level more', () => {
    expect(findInputProblem(nestedArrays(MAX_INPUT_DEPTH - 1))).toBeNull();
    expect(findInputProblem(nestedArrays(MAX_INPUT_DEPTH + 1))).toMatch(/nested too deeply/);
  });

  it('should refuse 100,000 levels without overflowing the stack', () => {
    expect(findInputProblem(nestedArrays(100_000))).toMatch(/nested too deeply/);
  });

  it('should refuse more values than any real body holds', () => {
    expect(findInputProblem(new Array(200_000).fill(0))).toMatch(/more than 100000 values/);
  });
});

describe(findPathProblem.name, () => {
  it('should refuse an encoded NUL anywhere in the path and pass an encoded percent sign', () => {
    expect(findPathProblem('/api/admin/pipeline-columns/a%00b')).toMatch(/^path must be/);
    expect(findPathProblem('/kuvat/a%00b.jpg')).toMatch(/^path must be/);
    expect(findPathProblem('/api/admin/quotes/%2500')).toBeNull();
  });

  it('should refuse escapes that are not UTF-8, control characters and raw bytes', () => {
    for (const path of ['/api/x%FF', '/a%ED%A0%80', '/api/a%0Ab', '/api/a%7Fb', '/api/%', '/ä']) {
      expect(findPathProblem(path)).toMatch(/^path must be/);
    }
    expect(findPathProblem('/mallisto/%C3%A4-ovi')).toBeNull();
  });
});
