import { isDoorSized, joinAcrossGrooves, linedUpAcrossGroove } from './grooves.js';

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

  it('should join a strip to the door-sized piece its groove cut it off, but not two pieces through a strip between them', () => {
    // Piece 0, strip 1, piece 2, strip 3: the strip between the pieces lies against both.
    const isPiece = [true, false, true, false];
    const { headOf, seams } = joinAcrossGrooves(
      isPiece,
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

  it('should join strips across seams no wider than the widest groove, and not across a gap', () => {
    const { headOf } = joinAcrossGrooves(
      [false, false, false],
      [
        [0, 1, 2],
        [1, 2, 6],
      ],
      3,
    );
    expect(headOf(1)).toBe(headOf(0));
    expect(headOf(2)).not.toBe(headOf(0));
  });
});
