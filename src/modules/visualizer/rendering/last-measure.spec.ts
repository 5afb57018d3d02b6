import { LastMeasure } from './last-measure.js';

describe('LastMeasure', () => {
  const picture = { width: 4 };

  function counted() {
    const last = new LastMeasure<number>();
    let measured = 0;
    const measure = (map: Uint16Array) => () => {
      measured++;
      return map.reduce((sum, value) => sum + value, 0);
    };
    return { last, measure, measuredTimes: () => measured };
  }

  it('should give the last result again while the maps and keys are unchanged', () => {
    const { last, measure, measuredTimes } = counted();
    const map = Uint16Array.from([1, 2, 3]);
    expect(last.of([picture], [map], measure(map))).toBe(6);
    expect(last.of([picture], [map], measure(map))).toBe(6);
    expect(measuredTimes()).toBe(1);
  });

  it('should measure again once a map changes in place, in any byte', () => {
    const { last, measure, measuredTimes } = counted();
    const map = Uint16Array.from([1, 2, 3]);
    last.of([picture], [map], measure(map));
    map[2] = 3 + 256; // only the high byte of the last value
    expect(last.of([picture], [map], measure(map))).toBe(6 + 256);
    expect(measuredTimes()).toBe(2);
  });

  it('should measure again for another key, though the maps read the same', () => {
    const { last, measure, measuredTimes } = counted();
    const map = Uint16Array.from([1, 2, 3]);
    last.of([picture, 3], [map], measure(map));
    last.of([{ width: 4 }, 3], [map], measure(map));
    last.of([{ width: 4 }, 4], [map], measure(map));
    expect(measuredTimes()).toBe(3);
  });

  it('should compare a view by its own bytes, not by its whole buffer', () => {
    const { last, measure, measuredTimes } = counted();
    const buffer = new Uint16Array([1, 2, 3, 4]);
    const view = buffer.subarray(1, 3);
    last.of([picture], [view], measure(view));
    buffer[0] = 9;
    buffer[3] = 9;
    last.of([picture], [view], measure(view));
    expect(measuredTimes()).toBe(1);
  });

  it('should measure again after it forgot', () => {
    const { last, measure, measuredTimes } = counted();
    const map = Uint16Array.from([1, 2, 3]);
    last.of([picture], [map], measure(map));
    last.forget();
    last.of([picture], [map], measure(map));
    expect(measuredTimes()).toBe(2);
  });
});
