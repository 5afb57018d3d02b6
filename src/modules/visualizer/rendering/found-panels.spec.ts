import { endsLined, isPanelFront, lineAcross, sidesLined } from './found-panels.js';
import type { PanelCorner } from './panel-rows.js';

const TOLERANCE = 4;
const panel: PanelCorner = { x: 30, y: 40, width: 50, height: 160 };

describe('isPanelFront', () => {
  it("should take a front found within a few pixels of the panel's L box for that panel", () => {
    const front = { minX: 32, minY: 42, maxX: 78, maxY: 197 };
    expect(isPanelFront(front, panel, TOLERANCE)).toBe(true);
  });

  it('should take a front reaching well past the panel (the whole door, or a neighbour) for no panel', () => {
    const door = { minX: 14, minY: 24, maxX: 95, maxY: 215 };
    expect(isPanelFront(door, panel, TOLERANCE)).toBe(false);
    const drawer = { minX: 32, minY: 42, maxX: 78, maxY: 100 };
    expect(isPanelFront(drawer, panel, TOLERANCE)).toBe(false);
  });
});

describe('sidesLined', () => {
  const WIDTH = 120;
  const HEIGHT = 240;
  const door = { minX: 15, minY: 25, maxX: 95, maxY: 215 };
  /** Vertical lines at the given columns, down the rows from `top` to `bottom`. */
  const lines = (columns: number[], top = 0, bottom = HEIGHT) => {
    const boundaries = new Uint8Array(WIDTH * HEIGHT);
    for (let y = top; y < bottom; y++) for (const x of columns) boundaries[y * WIDTH + x] = 1;
    return boundaries;
  };

  it("should find a door's sides lined where the gaps to its neighbours run down it, a pixel or two off", () => {
    expect(sidesLined(lines([13, 97]), WIDTH, door, 3)).toBe(true);
  });

  it('should find no sides where a line runs down one side only, as a box taking in a flat door and half of the next has', () => {
    expect(sidesLined(lines([13]), WIDTH, door, 3)).toBe(false);
  });

  it("should find no sides where the lines run down less than half the door's height", () => {
    expect(sidesLined(lines([15, 95], 25, 100), WIDTH, door, 3)).toBe(false);
  });
});

describe('endsLined', () => {
  const WIDTH = 120;
  const HEIGHT = 240;
  const door = { minX: 15, minY: 25, maxX: 95, maxY: 215 };
  /** Horizontal lines at the given rows, along the columns from `left` to `right`. */
  const lines = (rows: number[], left = 0, right = WIDTH) => {
    const boundaries = new Uint8Array(WIDTH * HEIGHT);
    for (const y of rows) for (let x = left; x < right; x++) boundaries[y * WIDTH + x] = 1;
    return boundaries;
  };
  /** Streaks of grain down the door every 5 px, from its top to its bottom. */
  const withGrain = (boundaries: Uint8Array) => {
    for (let x = door.minX + 3; x < door.maxX; x += 5) {
      for (let y = door.minY; y <= door.maxY; y++) boundaries[y * WIDTH + x] = 1;
    }
    return boundaries;
  };

  it("should find a grained door's ends lined where its row's top and bottom lines run along it, a pixel or two off", () => {
    expect(endsLined(withGrain(lines([23, 217])), WIDTH, door, 3)).toBe(true);
  });

  it('should find no ends where only streaks of grain cross the top and bottom, as a box beside the door has', () => {
    expect(endsLined(withGrain(lines([])), WIDTH, door, 3)).toBe(false);
  });

  it("should find no ends where a line runs along the top only, or along less than half the door's width", () => {
    expect(endsLined(lines([25]), WIDTH, door, 3)).toBe(false);
    expect(endsLined(lines([25, 215], 15, 50), WIDTH, door, 3)).toBe(false);
  });

  it('should find the ends a few pixels inside the box as far in as it is told, and only that far', () => {
    // A frame narrower than the box puts the door's top and bottom 6 px inside it.
    const inside = withGrain(lines([31, 209]));
    expect(endsLined(inside, WIDTH, door, 3)).toBe(false);
    expect(endsLined(inside, WIDTH, door, 3, 7)).toBe(true);
    expect(endsLined(inside, WIDTH, door, 3, 5)).toBe(false);
    // Outside the box the reach stays what it was.
    expect(endsLined(withGrain(lines([19, 221])), WIDTH, door, 3, 7)).toBe(false);
  });
});

describe('lineAcross', () => {
  const WIDTH = 120;
  const box = { minX: 20, minY: 100, maxX: 99, maxY: 180 };
  const withLine = (y: number, from: number, to: number) => {
    const boundaries = new Uint8Array(WIDTH * 240);
    for (let x = from; x < to; x++) boundaries[y * WIDTH + x] = 1;
    return boundaries;
  };

  it("should find a line across a panel's part below where its L broke off, as a freezer door's bottom edge is", () => {
    expect(lineAcross(withLine(150, 10, 110), WIDTH, box)).toBe(true);
  });

  it('should find none where a line runs across less than half the box, or outside it', () => {
    expect(lineAcross(withLine(150, 20, 55), WIDTH, box)).toBe(false);
    expect(lineAcross(withLine(90, 10, 110), WIDTH, box)).toBe(false);
  });
});
