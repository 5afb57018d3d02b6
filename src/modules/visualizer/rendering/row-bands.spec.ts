import {
  floodFrom,
  labelsTouching,
  uncoveredStretches,
  withinBand,
  type FrontRow,
} from './row-bands.js';

/** A level row from x 0 to 300 between y 100 and 200, its fronts at 0–60 and 240–300. */
const ROW: FrontRow = {
  top: [
    [0, 100],
    [300, 100],
  ],
  bottom: [
    [0, 200],
    [300, 200],
  ],
  fronts: [
    { minX: 0, maxX: 60 },
    { minX: 240, maxX: 300 },
  ],
};

describe('uncoveredStretches', () => {
  it('should give the stretch of the band between fronts found, and none narrower than a front', () => {
    expect(uncoveredStretches([ROW], 0, 300, 40)).toEqual([{ row: ROW, minX: 61, maxX: 239 }]);
    expect(uncoveredStretches([ROW], 0, 300, 200)).toEqual([]);
  });
});

describe('withinBand', () => {
  const [stretch] = uncoveredStretches([ROW], 0, 300, 40);

  it('should hold a piece between the row lines and leave out one reaching past them', () => {
    expect(withinBand({ minX: 80, minY: 104, maxX: 150, maxY: 196 }, stretch, 3)).toBe(true);
    expect(withinBand({ minX: 80, minY: 60, maxX: 150, maxY: 196 }, stretch, 3)).toBe(false);
    expect(withinBand({ minX: 80, minY: 104, maxX: 150, maxY: 260 }, stretch, 3)).toBe(false);
  });
});

describe('floodFrom', () => {
  it('should step over a line four pixels thick between two parts of a thing, not over a wider one', () => {
    // Columns 0–3 and 8–9 passable: apart by four pixels; then 15–19, apart by five.
    const width = 20;
    const passable = (i: number) => {
      const x = i % width;
      return x <= 3 || (x >= 8 && x <= 9) || x >= 15;
    };
    const reached = floodFrom(
      [0],
      { width, height: 3 },
      { minX: 0, minY: 0, maxX: 19, maxY: 2 },
      passable,
    );
    expect(reached[8]).toBe(1);
    expect(reached[16]).toBe(0);
  });
});

describe('labelsTouching', () => {
  it('should give the labels next to an area, not its own nor a line', () => {
    const labels = Int32Array.from([1, 1, -1, 2, 2, 3]);
    const area = Uint8Array.from([0, 1, 0, 0, 1, 0]);
    expect([...labelsTouching(area, labels, 6)].sort()).toEqual([1, 2, 3]);
  });
});
