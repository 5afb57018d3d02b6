import { isPanelFront, sidesLined } from './found-panels.js';
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
