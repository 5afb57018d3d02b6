import { boxCandidate } from '#test/support/drawn-fronts.js';
import { DETECTION_PARAMETERS } from './detection-parameters.js';
import type { EdgeMap, Quad, WorkingPicture } from './detection-types.js';
import { frameAround, grownPanels } from './panel-doors.js';

const [WIDTH, HEIGHT] = [400, 400];

/** An edge map with the outlines of these boxes [minX, minY, maxX, maxY] drawn, 3 px thick. */
function edgesOf(boxes: [number, number, number, number][]): EdgeMap {
  const edges = new Uint8Array(WIDTH * HEIGHT);
  for (const [x0, y0, x1, y1] of boxes) {
    for (let y = y0 - 1; y <= y1 + 1; y++) {
      for (let x = x0 - 1; x <= x1 + 1; x++) {
        const rim = Math.abs(x - x0) <= 1 || Math.abs(x - x1) <= 1;
        const across = Math.abs(y - y0) <= 1 || Math.abs(y - y1) <= 1;
        if (rim || across) edges[y * WIDTH + x] = 255;
      }
    }
  }
  return { width: WIDTH, height: HEIGHT, edges, segments: [] };
}

/** A picture of one grey level, or of `band` between the two boxes given. */
function pictureOf(grey: number, band?: { outer: number[]; inner: number[]; grey: number }) {
  const lab = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const inOuter =
        band &&
        x >= band.outer[0] &&
        x <= band.outer[2] &&
        y >= band.outer[1] &&
        y <= band.outer[3];
      const inInner =
        band && x > band.inner[0] && x < band.inner[2] && y > band.inner[1] && y < band.inner[3];
      lab.set([inOuter && !inInner ? band.grey : grey, 128, 128], (y * WIDTH + x) * 3);
    }
  }
  const picture: WorkingPicture = {
    width: WIDTH,
    height: HEIGHT,
    scale: 1,
    grey: new Uint8Array(WIDTH * HEIGHT).fill(grey),
    lab,
  };
  return picture;
}

/** Corners within 2 px of each other: the line is found on the near side of its 3 px edge. */
function expectNear(actual: readonly (readonly number[])[] | null, expected: number[][]) {
  expect(actual).not.toBeNull();
  actual!.forEach((corner, k) =>
    corner.forEach((value, axis) =>
      expect(Math.abs(value - expected[k][axis])).toBeLessThanOrEqual(2),
    ),
  );
}

const box = (x0: number, y0: number, x1: number, y1: number): Quad => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

describe('frameAround', () => {
  it("should find a shaker door's outer line a frame's width round its panel", () => {
    const edges = edgesOf([
      [100, 100, 220, 300],
      [120, 120, 200, 280],
    ]);
    expectNear(
      frameAround(box(120, 120, 200, 280), edges, DETECTION_PARAMETERS),
      box(100, 100, 220, 300).map((corner) => [...corner]),
    );
  });

  it('should not grow a flat door with no line round it, nor one whose frame widths are unlike', () => {
    expect(
      frameAround(box(120, 120, 200, 280), edgesOf([[120, 120, 200, 280]]), DETECTION_PARAMETERS),
    ).toBeNull();
    const lopsided = edgesOf([
      [90, 115, 205, 300],
      [120, 120, 200, 280],
    ]);
    expect(frameAround(box(120, 120, 200, 280), lopsided, DETECTION_PARAMETERS)).toBeNull();
  });
});

describe('grownPanels', () => {
  const edges = edgesOf([
    [100, 100, 220, 300],
    [120, 120, 200, 280],
  ]);

  it("should answer a panel by its door when the frame is of the panel's finish", () => {
    const panel = boxCandidate(120, 120, 200, 280, 200);
    const [door] = grownPanels([panel], edges, pictureOf(200), DETECTION_PARAMETERS);
    expectNear([[door.minX, door.minY, door.maxX, door.maxY]], [[100, 100, 220, 300]]);
  });

  it('should keep a front whose band out to the line is of another colour (a gap, a frame)', () => {
    const front = boxCandidate(120, 120, 200, 280, 60);
    const picture = pictureOf(60, {
      outer: [100, 100, 220, 300],
      inner: [120, 120, 200, 280],
      grey: 220,
    });
    expect(grownPanels([front], edges, picture, DETECTION_PARAMETERS)).toEqual([front]);
  });
});
