import { boxCandidate } from '#test/support/drawn-fronts.js';
import { DETECTION_PARAMETERS } from './detection-parameters.js';
import { alignedFronts } from './rows.js';

describe('alignedFronts', () => {
  it('should keep doors sharing their top and bottom lines, and a drawer stack, and leave out a stray region', () => {
    const row = [0, 1, 2].map((k) => boxCandidate(100 + k * 110, 320, 205 + k * 110, 520));
    const stack = [0, 1, 2].map((k) => boxCandidate(450, 320 + k * 67, 550, 384 + k * 67));
    const stray = boxCandidate(620, 250, 700, 300);
    expect(alignedFronts([...row, ...stack, stray], DETECTION_PARAMETERS)).toEqual([
      ...row,
      ...stack,
    ]);
  });

  it('should keep a lone tall unit as tall as the row', () => {
    const row = [0, 1].map((k) => boxCandidate(100 + k * 110, 320, 205 + k * 110, 520));
    const tall = boxCandidate(600, 60, 700, 520);
    expect(alignedFronts([...row, tall], DETECTION_PARAMETERS)).toEqual([...row, tall]);
  });

  it('should keep a lone front when nothing lines up at all', () => {
    const lone = [boxCandidate(100, 100, 200, 300)];
    expect(alignedFronts(lone, DETECTION_PARAMETERS)).toEqual(lone);
  });
});
