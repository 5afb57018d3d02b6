import { boxCandidate, tileGrid } from '#test/support/drawn-fronts.js';
import { DETECTION_PARAMETERS } from './detection-parameters.js';
import {
  byFinish,
  rejectNotFronts,
  touchesBorder,
  withoutFrames,
  withoutNested,
  withoutTiles,
} from './not-fronts.js';

const SIZE = { width: 800, height: 600 };
const PIXELS = SIZE.width * SIZE.height;

describe('withoutTiles', () => {
  it('should leave out a grid of many small regions of one size, and keep doors of one size', () => {
    const tiles = tileGrid(24, 12, [100, 200], [36, 16], [40, 20]).map((corners) =>
      boxCandidate(...corners),
    );
    const doors = Array.from({ length: 5 }, (_, k) =>
      boxCandidate(100 + k * 110, 320, 205 + k * 110, 520),
    );
    const kept = withoutTiles([...tiles, ...doors], PIXELS, DETECTION_PARAMETERS);
    expect(kept).toEqual(doors);
  });

  it('should keep a few small drawers of one size', () => {
    const drawers = [0, 1, 2].map((k) => boxCandidate(100, 300 + k * 40, 180, 336 + k * 40));
    expect(withoutTiles(drawers, PIXELS, DETECTION_PARAMETERS)).toEqual(drawers);
  });
});

describe('withoutNested', () => {
  it('should keep a shaker door and leave out its panel', () => {
    const door = boxCandidate(100, 100, 200, 300);
    const panel = boxCandidate(115, 115, 185, 285);
    expect(withoutNested([panel, door])).toEqual([door]);
  });
});

describe('withoutFrames', () => {
  it("should leave out an oven's frame round its dark glass, and keep a shaker door round its panel", () => {
    const oven = { ...boxCandidate(300, 300, 450, 450, 200), rimLab: [150, 128, 128] as const };
    const glass = boxCandidate(320, 330, 430, 420, 30);
    const door = boxCandidate(100, 100, 200, 300, 200);
    const panel = boxCandidate(115, 115, 185, 285, 205);
    expect(withoutFrames([oven, glass, door, panel], DETECTION_PARAMETERS)).toEqual([
      glass,
      door,
      panel,
    ]);
  });
});

describe('touchesBorder', () => {
  it('should tell a wall running out of the picture from a door inside it', () => {
    expect(touchesBorder(boxCandidate(0, 40, 70, 500), SIZE, 2)).toBe(true);
    expect(touchesBorder(boxCandidate(300, 400, 500, 599), SIZE, 2)).toBe(true);
    expect(touchesBorder(boxCandidate(100, 100, 200, 300), SIZE, 2)).toBe(false);
  });
});

describe('byFinish', () => {
  it('should leave out a lone region of a colour no other front has (an oven)', () => {
    const doors = [0, 1, 2, 3].map((k) =>
      boxCandidate(100 + k * 110, 320, 205 + k * 110, 520, 210),
    );
    const oven = boxCandidate(550, 320, 655, 520, 50);
    expect(byFinish([...doors, oven], DETECTION_PARAMETERS)).toEqual(doors);
  });

  it('should keep both finishes of a two-tone kitchen', () => {
    const uppers = [0, 1, 2].map((k) => boxCandidate(100 + k * 110, 50, 205 + k * 110, 200, 220));
    const lowers = [0, 1, 2].map((k) => boxCandidate(100 + k * 110, 320, 205 + k * 110, 520, 60));
    expect(byFinish([...uppers, ...lowers], DETECTION_PARAMETERS)).toHaveLength(6);
  });

  it('should leave out a fridge-freezer of its own colour, a stack in line with no row', () => {
    const uppers = [0, 1, 2].map((k) => boxCandidate(100 + k * 110, 50, 205 + k * 110, 200, 220));
    const lowers = [0, 1, 2].map((k) => boxCandidate(100 + k * 110, 320, 205 + k * 110, 520, 220));
    const freezer = boxCandidate(500, 50, 620, 200, 150);
    const fridge = boxCandidate(500, 204, 620, 520, 150);
    const kept = byFinish([...uppers, ...lowers, freezer, fridge], DETECTION_PARAMETERS);
    expect(new Set(kept)).toEqual(new Set([...uppers, ...lowers]));
  });

  it('should keep a drawer stack of a shade of its own that stands in the row of the doors', () => {
    const doors = [0, 1, 2].map((k) => boxCandidate(100 + k * 110, 320, 205 + k * 110, 520, 220));
    const drawers = [0, 1, 2].map((k) => boxCandidate(450, 320 + k * 67, 550, 386 + k * 67, 180));
    const kept = byFinish([...doors, ...drawers], DETECTION_PARAMETERS);
    expect(new Set(kept)).toEqual(new Set([...doors, ...drawers]));
  });
});

describe('rejectNotFronts', () => {
  it('should leave out thin strips, busy interiors and window panes far brighter than the doors', () => {
    const doors = [0, 1, 2].map((k) => boxCandidate(100 + k * 110, 320, 205 + k * 110, 520, 200));
    const strip = boxCandidate(100, 530, 600, 545, 200);
    const planks = { ...boxCandidate(100, 100, 300, 250, 200), edgeShare: 0.3 };
    const pane = boxCandidate(400, 60, 480, 200, 250);
    const kept = rejectNotFronts([...doors, strip, planks, pane], SIZE, DETECTION_PARAMETERS);
    expect(new Set(kept)).toEqual(new Set(doors));
  });
});
