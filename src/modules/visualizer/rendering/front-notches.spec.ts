import { closedNotches } from './front-notches.js';

const W = 40;
const H = 60;

/** A 40 × 60 front, nothing outside it, with the boxes given cut out of it (1: outside). */
function frontWith(...cuts: [number, number, number, number][]): Uint8Array {
  const outside = new Uint8Array(W * H);
  for (const [x0, y0, x1, y1] of cuts) {
    for (let y = y0; y <= y1; y++) outside.fill(1, y * W + x0, y * W + x1 + 1);
  }
  return outside;
}

const outsideCount = (outside: Uint8Array) => outside.reduce((sum, v) => sum + v, 0);

describe('closedNotches', () => {
  it("should give a handle cut into the door's side back to the door", () => {
    // A handle 6 px wide, 16 px tall, open to the door's left edge.
    const closed = closedNotches(frontWith([0, 20, 5, 35]), W, H);
    expect(outsideCount(closed)).toBe(0);
  });

  it("should give a streak of grain reaching the door's top line back to the door", () => {
    const closed = closedNotches(frontWith([18, 0, 19, 40]), W, H);
    expect(outsideCount(closed)).toBe(0);
  });

  it('should leave out a bite deeper than a handle: a thing in front of half the door', () => {
    // Leaves 20 px into a 40 px wide door from its left, down half its height.
    const outside = frontWith([0, 10, 19, 40]);
    expect(outsideCount(closedNotches(outside, W, H))).toBe(outsideCount(outside));
  });

  it("should leave out a corner bitten off the door's box", () => {
    const outside = frontWith([0, 0, 9, 9]);
    expect(outsideCount(closedNotches(outside, W, H))).toBe(100);
  });
});
