import { outlineSlant } from './outline-slant.js';

describe('outlineSlant', () => {
  it('should read how far the top and bottom lines fall per pixel from the corners', () => {
    // 100 × 50 picture: top from (10, 10) to (50, 14), bottom from (10, 40) to (50, 38).
    const outline: [number, number][] = [
      [0.1, 0.2],
      [0.5, 0.28],
      [0.5, 0.76],
      [0.1, 0.8],
    ];
    const { top, bottom } = outlineSlant(outline, 100, 50);
    expect(top).toBeCloseTo(0.1);
    expect(bottom).toBeCloseTo(-0.05);
  });

  it('should read a level outline as level', () => {
    const outline: [number, number][] = [
      [0.2, 0.1],
      [0.6, 0.1],
      [0.6, 0.9],
      [0.2, 0.9],
    ];
    expect(outlineSlant(outline, 640, 480)).toEqual({ top: 0, bottom: 0 });
  });
});
