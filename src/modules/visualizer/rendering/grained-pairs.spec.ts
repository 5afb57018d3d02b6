import { drawnToLines, isGrainedPairPanel } from './grained-pairs.js';
import type { PanelCorner } from './panel-rows.js';

const WIDTH = 200;
const HEIGHT = 300;
const MEASURES = { margin: 4, reach: 3, luminance: 200 };
const panel: PanelCorner = { x: 40, y: 50, width: 60, height: 180 };
/** The door its pair implies: half the space between the panels (12 px) outside it all round. */
const door = { minX: 28, minY: 38, maxX: 111, maxY: 241 };

const blank = () => new Uint8Array(WIDTH * HEIGHT);
const rows = (lines: Uint8Array, from: number, to: number, left: number, right: number) => {
  for (let y = from; y <= to; y++) for (let x = left; x <= right; x++) lines[y * WIDTH + x] = 1;
  return lines;
};
const columns = (lines: Uint8Array, from: number, to: number, top: number, bottom: number) =>
  rows(lines, top, bottom, from, to);
/** The panel's L: its shaded top and left edges. */
const withL = (lines: Uint8Array) => columns(rows(lines, 50, 52, 40, 99), 40, 42, 50, 229);
/** The door's top and bottom edges, and streaks of grain down door, frame and panel every 4 px. */
const grainedFinest = () => {
  const lines = rows(rows(withL(blank()), 37, 38, 20, 120), 241, 242, 20, 120);
  for (let x = door.minX + 2; x < door.maxX; x += 4) columns(lines, x, x, door.minY, door.maxY);
  return lines;
};

describe('isGrainedPairPanel', () => {
  it("should take a pair's panel streaked all over at the finest pass for a grained door's where the coarsest shows it plain and the door's ends show", () => {
    expect(isGrainedPairPanel(withL(blank()), grainedFinest(), WIDTH, panel, door, MEASURES)).toBe(
      true,
    );
  });

  it("should take no panel a line runs across at the coarsest pass, as a floor plank's edge does", () => {
    const coarse = rows(withL(blank()), 140, 141, 30, 110);
    expect(isGrainedPairPanel(coarse, grainedFinest(), WIDTH, panel, door, MEASURES)).toBe(false);
  });

  it("should let the panel's own top line off where the L is the door's top edge and a streak (it lies in the top quarter)", () => {
    const coarse = rows(withL(blank()), 62, 64, 40, 99);
    expect(isGrainedPairPanel(coarse, grainedFinest(), WIDTH, panel, door, MEASURES)).toBe(true);
  });

  it("should take no panel whose door's top and bottom do not show at the finest pass", () => {
    const finest = withL(blank());
    for (let x = door.minX + 2; x < door.maxX; x += 4) columns(finest, x, x, 0, HEIGHT - 1);
    expect(isGrainedPairPanel(withL(blank()), finest, WIDTH, panel, door, MEASURES)).toBe(false);
  });

  it("should find the door's ends up to half its frame inside its box, where its frame is narrower than half the space between panels", () => {
    // The top and bottom edges 5 px inside the box (half the frame is 6), the L as before.
    const finest = rows(rows(withL(blank()), 43, 44, 20, 120), 235, 236, 20, 120);
    for (let x = door.minX + 2; x < door.maxX; x += 4) columns(finest, x, x, door.minY, door.maxY);
    expect(isGrainedPairPanel(withL(blank()), finest, WIDTH, panel, door, MEASURES)).toBe(true);
    // The panel's own top line, a whole frame inside, is no end of the door.
    const onlyL = withL(blank());
    rows(onlyL, 235, 236, 20, 120);
    expect(isGrainedPairPanel(withL(blank()), onlyL, WIDTH, panel, door, MEASURES)).toBe(false);
  });

  it('should take no panel with a thing on it at the coarsest pass (a blob no handle is)', () => {
    const coarse = rows(withL(blank()), 80, 200, 50, 95);
    expect(isGrainedPairPanel(coarse, grainedFinest(), WIDTH, panel, door, MEASURES)).toBe(false);
  });
  it('should take no dark door, no box shaped like no door (a strip, a drawer), and no panel lined over half of it (grooves, lit grain)', () => {
    const [coarse, finest] = [withL(blank()), grainedFinest()];
    const dark = { ...MEASURES, luminance: 40 };
    expect(isGrainedPairPanel(coarse, finest, WIDTH, panel, door, dark)).toBe(false);
    const strip = { ...door, maxX: 80 };
    expect(isGrainedPairPanel(coarse, finest, WIDTH, panel, strip, MEASURES)).toBe(false);
    const drawer = { ...door, maxY: 110 };
    expect(isGrainedPairPanel(coarse, finest, WIDTH, panel, drawer, MEASURES)).toBe(false);
    const lined = rows(grainedFinest(), 60, 220, 50, 90);
    expect(isGrainedPairPanel(coarse, lined, WIDTH, panel, door, MEASURES)).toBe(false);
  });
});

describe('drawnToLines', () => {
  it('should draw the sides standing in a gap, or a few pixels inside one, just inside the line', () => {
    const lines = columns(columns(withL(blank()), 27, 30, 0, HEIGHT - 1), 112, 114, 0, HEIGHT - 1);
    rows(lines, 36, 39, 0, WIDTH - 1);
    expect(drawnToLines(lines, WIDTH, door, panel, 3)).toEqual({
      minX: 31,
      minY: 40,
      maxX: 111,
      maxY: 241,
    });
    const outside = columns(withL(blank()), 108, 109, 0, HEIGHT - 1);
    expect(drawnToLines(outside, WIDTH, door, panel, 3).maxX).toBe(107);
  });

  it("should leave a side with no line near it, and never draw one onto the panel's own line", () => {
    const lines = columns(withL(blank()), 12, 14, 0, HEIGHT - 1);
    expect(drawnToLines(lines, WIDTH, door, panel, 3)).toEqual(door);
  });
});
