import { isDoorSized } from './door-shape.js';
import { joinAcrossGrooves, linedUpAcrossGroove, runningSpan } from './grooves.js';

describe('grooves', () => {
  it('should take a door as 0.3 to 1 times as wide as it is tall', () => {
    expect(isDoorSized(66, 220)).toBe(true);
    expect(isDoorSized(220, 220)).toBe(true);
    expect(isDoorSized(40, 220)).toBe(false);
    expect(isDoorSized(300, 220)).toBe(false);
  });

  it('should line a piece and a strip up only by both their top and bottom, and two pieces never', () => {
    expect(linedUpAcrossGroove(0, true, false)).toBe(true);
    expect(linedUpAcrossGroove(1, true, false)).toBe(false);
    expect(linedUpAcrossGroove(1, true, true)).toBe(true);
    expect(linedUpAcrossGroove(2, true, true)).toBe(false);
  });

  /** Side by side, 220 px tall, `left` to `right`. */
  const part = (left: number, right: number) => ({
    isPiece: isDoorSized(right - left + 1, 220),
    start: left,
    end: right,
    from: 100,
    to: 319,
  });

  it('should join a strip to the door-sized piece its groove cut it off, but not two pieces through a strip between them', () => {
    // A piece, a strip, a piece, a strip: the strip between the pieces lies against both.
    const parts = [part(0, 69), part(72, 93), part(96, 165), part(168, 189)];
    const { headOf, seams } = joinAcrossGrooves(
      parts,
      [
        [0, 1, 3],
        [1, 2, 3],
        [2, 3, 3],
      ],
      4,
    );
    expect(headOf(1)).toBe(headOf(0));
    expect(headOf(2)).not.toBe(headOf(0));
    expect(headOf(3)).toBe(headOf(2));
    expect(seams).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('should not join a strip to a piece when together they are wider than a door', () => {
    // A drawer stack 180 px wide and a strip of pale wall 40 px wide beside it.
    const { headOf } = joinAcrossGrooves([part(0, 179), part(182, 221)], [[0, 1, 3]], 4);
    expect(headOf(1)).not.toBe(headOf(0));
  });

  it("should not join a sliver of a fifth of the piece's width or less, as a cabinet's side or its shadow is", () => {
    const { headOf } = joinAcrossGrooves([part(0, 113), part(116, 124)], [[0, 1, 3]], 4);
    expect(headOf(1)).not.toBe(headOf(0));
  });

  it('should join strips across seams no wider than the widest groove, and not across a gap', () => {
    const { headOf } = joinAcrossGrooves(
      [part(0, 20), part(23, 43), part(50, 70)],
      [
        [0, 1, 2],
        [1, 2, 6],
      ],
      3,
    );
    expect(headOf(1)).toBe(headOf(0));
    expect(headOf(2)).not.toBe(headOf(0));
  });

  it('should measure a strip where it runs, not across a hook off its top over the strip beside it', () => {
    // 70 × 100 labels: a strip (label 1) 8 px wide at x 50–57 down the whole height, with a hook
    // over the rows 0–9 reaching left to x 10; the strip beside it (label 2) below the hook.
    const [width, height] = [70, 100];
    const labels = new Int32Array(width * height).fill(-1);
    for (let y = 0; y < height; y++) {
      for (let x = 50; x < 58; x++) labels[y * width + x] = 1;
      for (let x = 10; x < 48; x++) labels[y * width + x] = y < 10 ? 1 : y > 11 ? 2 : -1;
    }
    const hooked = { minX: 10, maxX: 57, minY: 0, maxY: 99 };
    expect(runningSpan(labels, width, 1, hooked, true)).toEqual([50, 57]);
    expect(runningSpan(labels, width, 2, { minX: 10, maxX: 47, minY: 12, maxY: 99 }, true)).toEqual(
      [10, 47],
    );
    // Stacked, the lines are columns: across the hook's columns the strip is its 10 top rows.
    expect(runningSpan(labels, width, 1, hooked, false)).toEqual([0, 9]);
  });
});
