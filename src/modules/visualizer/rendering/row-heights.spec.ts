import { doorsAroundPanelRows, type PanelCorner } from './panel-rows.js';
import { agreedRowHeight, doorsToRowHeight } from './row-heights.js';

const TOLERANCE = 8;
const anyPanel = () => true;

/** Two panels a plant cut short at one height, side by side, and the run's other doors beyond. */
const cutShort: PanelCorner[] = [
  { x: 100, y: 50, width: 60, height: 90 },
  { x: 190, y: 51, width: 61, height: 88 },
];
const fullHeight: PanelCorner[] = [
  { x: 500, y: 50, width: 62, height: 250 },
  { x: 501, y: 51, width: 60, height: 248 },
  { x: 700, y: 52, width: 59, height: 251 },
];

describe('doorsToRowHeight', () => {
  const boxes = (doors: ReturnType<typeof doorsAroundPanelRows>) =>
    doors.map(({ minX, minY, maxX, maxY, panel }) => [minX, minY, maxX, maxY, panel.height]);

  it('should give a pair of panels cut short together the height the rest of their row agrees on, with the part seen', () => {
    const corners = [...cutShort, ...fullHeight];
    const pairs = doorsAroundPanelRows(corners, TOLERANCE);
    expect(boxes(pairs)).toEqual([
      [85, 35, 174, 154, 90],
      [175, 36, 265, 153, 88],
    ]);
    const doors = doorsToRowHeight(pairs, corners, TOLERANCE, anyPanel);
    expect(boxes(doors)).toEqual([
      [85, 35, 174, 315, 251],
      [175, 36, 265, 316, 251],
    ]);
    expect(doors.map(({ seen }) => seen)).toEqual(cutShort);
  });

  it('should leave the pair as found where only one panel of the row is taller, however many times its L was found', () => {
    const corners = [...cutShort, ...fullHeight.slice(0, 2)];
    const pairs = doorsAroundPanelRows(corners, TOLERANCE);
    expect(doorsToRowHeight(pairs, corners, TOLERANCE, anyPanel)).toEqual([]);
  });
});

describe('agreedRowHeight', () => {
  it('should take no height from taller panels of another width: an appliance, a drawer column', () => {
    const wide = fullHeight.map((corner) => ({ ...corner, width: 120 }));
    expect(agreedRowHeight(cutShort[0], [...cutShort, ...wide], TOLERANCE, anyPanel)).toBeNull();
  });

  it('should take no height from panels more than three times as tall as the part seen: a drawer beside doors', () => {
    const drawer: PanelCorner = { x: 100, y: 50, width: 60, height: 70 };
    expect(agreedRowHeight(drawer, [drawer, ...fullHeight], TOLERANCE, anyPanel)).toBeNull();
  });

  it("should take no height from L's that bound no plain panel: grout, grooves", () => {
    const corners = [...cutShort, ...fullHeight];
    expect(agreedRowHeight(cutShort[0], corners, TOLERANCE, () => false)).toBeNull();
    expect(agreedRowHeight(cutShort[0], corners, TOLERANCE, anyPanel)).toBe(251);
  });

  it('should take no height from panels that are not level with it', () => {
    const lower = fullHeight.map((corner) => ({ ...corner, y: corner.y + 40 }));
    expect(agreedRowHeight(cutShort[0], [...cutShort, ...lower], TOLERANCE, anyPanel)).toBeNull();
  });
});
