import { median, nthSmallest } from './numbers.js';

/** A fixed pseudo-random sequence: many values, many of them repeated (hues of a flat front). */
function values(count: number, levels: number): Float32Array {
  let state = 7;
  return Float32Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state % levels) / levels - 0.5;
  });
}

describe('nthSmallest', () => {
  it('should give what sorting gives at every place, repeated values and all', () => {
    for (const levels of [3, 50, 100_000]) {
      const picked = values(501, levels);
      const sorted = picked.slice().sort();
      for (const n of [0, 1, 125, 250, 375, 499, 500]) {
        expect(nthSmallest(picked, n)).toBe(sorted[n]);
      }
    }
  });

  it('should read only the first `count` values and leave them as they were', () => {
    const picked = Float32Array.from([5, 1, 4, 2, 3, -9, -8]);
    expect(nthSmallest(picked, 2, 5)).toBe(3);
    expect(nthSmallest(picked, 4, 5)).toBe(5);
    expect([...picked]).toEqual([5, 1, 4, 2, 3, -9, -8]);
  });

  it('should give the median of a front as the middle of the sorted values does', () => {
    const picked = values(1000, 40);
    expect(nthSmallest(picked, 500)).toBe(median([...picked]));
  });

  it('should give NaN where there is no such value', () => {
    expect(nthSmallest(new Float32Array(3), 3)).toBeNaN();
    expect(nthSmallest(new Float32Array(0), 0)).toBeNaN();
  });
});
