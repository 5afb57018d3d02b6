import { boxCandidate } from '#test/support/drawn-fronts.js';
import { toOutlines } from './front-outlines.js';

describe('toOutlines', () => {
  it('should give four corners clockwise from the top left as shares of the picture, pushed out', () => {
    const [outline] = toOutlines(
      [boxCandidate(100, 100, 300, 300)],
      { width: 400, height: 400 },
      2,
    );
    expect(outline).toEqual([
      [0.245, 0.245],
      [0.755, 0.245],
      [0.755, 0.755],
      [0.245, 0.755],
    ]);
  });
});
