import { meanGrey, meanLab } from './region-colour.js';

describe('meanLab', () => {
  it('should give white and black in 8-bit Lab, and a mid grey in between', () => {
    const rgb = Uint8Array.from([255, 255, 255, 0, 0, 0, 119, 119, 119]);
    const [white, black, grey] = [0, 1, 2].map((i) => meanLab(rgb, Int32Array.from([i])));
    expect(white.map(Math.round)).toEqual([255, 128, 128]);
    expect(black.map(Math.round)).toEqual([0, 128, 128]);
    // sRGB 119 is L* 50.
    expect(grey[0]).toBeCloseTo(127.5, 0);
  });
});

describe('meanGrey', () => {
  it('should average the region only', () => {
    const rgb = Uint8Array.from([200, 200, 200, 100, 100, 100, 0, 0, 0]);
    expect(meanGrey(rgb, Int32Array.from([0, 1]))).toBeCloseTo(150);
  });
});
