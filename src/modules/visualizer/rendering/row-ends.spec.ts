import { levelLineRows, withRowEnds } from './row-ends.js';

const [WIDTH, HEIGHT] = [400, 320];
const TOLERANCE = 4;
const SHORTEST_SIDE = 16;

/** A boundary map with vertical lines one pixel wide, each [x, top, bottom]. */
function linesAt(lines: [number, number, number][]): Uint8Array {
  const boundaries = new Uint8Array(WIDTH * HEIGHT);
  for (const [x, top, bottom] of lines) {
    for (let y = top; y <= bottom; y++) boundaries[y * WIDTH + x] = 1;
  }
  return boundaries;
}

const rowsOf = (boundaries: Uint8Array) =>
  levelLineRows(boundaries, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE).map(
    ({ lines, top, bottom, spacing }) => ({ xs: lines.map(({ x }) => x), top, bottom, spacing }),
  );

describe('levelLineRows', () => {
  it('should take a line that runs on past the row, a door away from its last line, as the end door’s side', () => {
    const boundaries = linesAt([
      [50, 20, 300], // a wall unit's outer side, running on down the backsplash's edge
      [150, 20, 120],
      [250, 20, 120],
      [350, 20, 120],
    ]);
    expect(rowsOf(boundaries)).toEqual([
      { xs: [50, 150, 250, 350], top: 20, bottom: 120, spacing: 100 },
    ]);
  });

  it('should leave out a line that runs on past the row further than a door away', () => {
    const boundaries = linesAt([
      [10, 20, 300],
      [170, 20, 120],
      [270, 20, 120],
      [370, 20, 120],
    ]);
    expect(rowsOf(boundaries)).toEqual([
      { xs: [170, 270, 370], top: 20, bottom: 120, spacing: 100 },
    ]);
  });

  it('should count the doors of a grooved row as far apart as their sides, not their grooves, and keep grooves washed out part way in their row', () => {
    const sides: [number, number, number][] = [50, 150, 250, 350].map((x) => [x, 20, 120]);
    const grooves: [number, number, number][] = [60, 70, 80, 90, 100, 110, 120, 130, 140].map(
      (x) => [x, 20, 120],
    );
    // Under a lamp the next door's grooves fade out half way down, all at one height.
    const washedOut: [number, number, number][] = [170, 190, 210, 230].map((x) => [x, 20, 80]);
    const rows = rowsOf(linesAt([...sides, ...grooves, ...washedOut]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ top: 20, bottom: 120, spacing: 100 });
  });
});

describe('withRowEnds', () => {
  it('should bridge the break in a line between two doors of a row', () => {
    const boundaries = linesAt([
      [50, 20, 120],
      [150, 20, 59],
      [150, 62, 120],
      [250, 20, 120],
    ]);
    const rows = levelLineRows(boundaries, WIDTH, HEIGHT, TOLERANCE, SHORTEST_SIDE);
    const closed = withRowEnds(boundaries, WIDTH, rows, () => false);
    expect(closed?.[60 * WIDTH + 150]).toBe(1);
    expect(closed?.[61 * WIDTH + 150]).toBe(1);
  });
});
