import { lineRunsTo, sidesWhereLinesEnd, standsAtSide, withSides } from './line-ends.js';

const [WIDTH, HEIGHT] = [400, 300];
const MEASURES = { tolerance: 6, shortestSide: 20 };

/** A line map with lines across, each [y, from, to], and lines down, each [x, top, bottom]. */
function linesOf(across: [number, number, number][], down: [number, number, number][] = []) {
  const lines = new Uint8Array(WIDTH * HEIGHT);
  for (const [y, from, to] of across) for (let x = from; x <= to; x++) lines[y * WIDTH + x] = 1;
  for (const [x, top, bottom] of down) for (let y = top; y <= bottom; y++) lines[y * WIDTH + x] = 1;
  return lines;
}

/** A front found from x = 100 to 199, y = 50 to 150, with its own gaps drawn round it. */
const front = { minX: 100, minY: 50, maxX: 199, maxY: 150 };
const gapsRound: [number, number, number][] = [
  [99, 48, 152],
  [200, 48, 152],
];
const none = new Uint8Array(WIDTH * HEIGHT);
const sidesOf = (lines: Uint8Array, covered = none) =>
  sidesWhereLinesEnd([front], lines, covered, WIDTH, MEASURES).map(
    ({ outward, x, top, bottom }) => ({ outward, x, top, bottom }),
  );

describe(lineRunsTo.name, () => {
  it('should follow a line across to where it ends, over a break of a few pixels', () => {
    const lines = linesOf([
      [60, 10, 100],
      [60, 103, 250],
    ]);
    expect(lineRunsTo(lines, WIDTH, 20, 60, 1)).toEqual({ x: 250, y: 60 });
    expect(lineRunsTo(lines, WIDTH, 200, 60, -1)).toEqual({ x: 10, y: 60 });
  });

  it('should stop at a break wider than a few pixels', () => {
    const lines = linesOf([
      [60, 10, 100],
      [60, 110, 250],
    ]);
    expect(lineRunsTo(lines, WIDTH, 20, 60, 1)).toEqual({ x: 100, y: 60 });
  });

  it('should follow a line that slants (an angled photo) and start on it a pixel or two off', () => {
    const lines = new Uint8Array(WIDTH * HEIGHT);
    for (let x = 10; x <= 200; x++) lines[(60 + Math.floor(x / 10)) * WIDTH + x] = 1;
    expect(lineRunsTo(lines, WIDTH, 50, 63, 1)).toEqual({ x: 200, y: 80 });
  });

  it('should find no line to start on far from the edge', () => {
    expect(lineRunsTo(linesOf([[60, 10, 250]]), WIDTH, 50, 70, 1)).toBeNull();
  });
});

describe(sidesWhereLinesEnd.name, () => {
  it('should put the next front’s side where its top and bottom lines run on to and end together', () => {
    const lines = linesOf(
      [
        [49, 100, 300],
        [151, 100, 298],
      ],
      gapsRound,
    );
    expect(sidesOf(lines)).toEqual([{ outward: 1, x: 298, top: 49, bottom: 151 }]);
  });

  it('should put it on a line down found along part of it, a few pixels inside the lines’ ends', () => {
    const lines = linesOf(
      [
        [49, 100, 302],
        [151, 100, 303],
      ],
      [...gapsRound, [297, 60, 100]],
    );
    expect(sidesOf(lines)).toEqual([{ outward: 1, x: 297, top: 49, bottom: 151 }]);
  });

  it('should take the inner end where a worktop’s edge overhangs the front beyond', () => {
    const lines = linesOf(
      [
        [49, 100, 310],
        [151, 100, 300],
      ],
      gapsRound,
    );
    expect(sidesOf(lines)).toEqual([{ outward: 1, x: 300, top: 49, bottom: 151 }]);
  });

  it('should look left as well as right', () => {
    const lines = linesOf(
      [
        [49, 20, 199],
        [151, 22, 199],
      ],
      gapsRound,
    );
    expect(sidesOf(lines)).toEqual([{ outward: -1, x: 22, top: 49, bottom: 151 }]);
  });

  it('should find no side where the lines end far apart (a window’s frame level with the top)', () => {
    const lines = linesOf(
      [
        [49, 100, 350],
        [151, 100, 290],
      ],
      gapsRound,
    );
    expect(sidesOf(lines)).toEqual([]);
  });

  it('should find no side where only one line runs on', () => {
    expect(sidesOf(linesOf([[49, 100, 298]], gapsRound))).toEqual([]);
  });

  it('should find no side nearer than a front’s shortest side or further than half a front on', () => {
    const near = linesOf(
      [
        [49, 100, 215],
        [151, 100, 215],
      ],
      gapsRound,
    );
    const far = linesOf(
      [
        [49, 100, 360],
        [151, 100, 360],
      ],
      gapsRound,
    );
    expect(sidesOf(near)).toEqual([]);
    expect(sidesOf(far)).toEqual([]);
  });

  it('should find no side where the lines run out of the picture', () => {
    const lines = linesOf(
      [
        [49, 0, 161],
        [151, 0, 161],
      ],
      [
        [59, 48, 152],
        [160, 48, 152],
      ],
    );
    const nearTheEdge = { ...front, minX: 60, maxX: 159 };
    expect(sidesWhereLinesEnd([nearTheEdge], lines, none, WIDTH, MEASURES)).toEqual([]);
  });

  it('should find no side where the lines run into a line down (a fridge’s side)', () => {
    const lines = linesOf(
      [
        [49, 100, 290],
        [151, 100, 290],
      ],
      [...gapsRound, [295, 20, 290]],
    );
    expect(sidesOf(lines)).toEqual([]);
  });

  it('should find the line down past the ends with a tolerance of a fraction of a pixel too', () => {
    const lines = linesOf(
      [
        [49, 100, 290],
        [151, 100, 290],
      ],
      [...gapsRound, [295, 20, 290]],
    );
    const measures = { ...MEASURES, tolerance: 6.5 };
    expect(sidesWhereLinesEnd([front], lines, none, WIDTH, measures)).toEqual([]);
  });

  it('should find no side over room a front found covers', () => {
    const lines = linesOf(
      [
        [49, 100, 298],
        [151, 100, 298],
      ],
      gapsRound,
    );
    const covered = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 50; y <= 150; y++) for (let x = 210; x <= 290; x++) covered[y * WIDTH + x] = 255;
    expect(sidesOf(lines, covered)).toEqual([]);
  });

  it('should put a drawer’s side not seen where the side of the drawer under it is seen', () => {
    const upper = { minX: 100, minY: 50, maxX: 199, maxY: 100 };
    const lower = { minX: 100, minY: 104, maxX: 199, maxY: 150 };
    const lines = linesOf(
      [
        [49, 100, 303],
        [102, 100, 304],
        [151, 100, 303],
      ],
      [...gapsRound, [297, 110, 145]],
    );
    const sides = sidesWhereLinesEnd([upper, lower], lines, none, WIDTH, MEASURES);
    expect(sides.map(({ x, seen }) => ({ x, seen }))).toEqual([
      { x: 297, seen: false },
      { x: 297, seen: true },
    ]);
  });
});

describe(withSides.name, () => {
  it('should draw each side two pixels wide from its top line to its bottom line', () => {
    const drawn = withSides(none, WIDTH, [
      { front, outward: 1, x: 298, top: 49, bottom: 151, seen: true },
    ]);
    for (const y of [49, 100, 151]) {
      expect([drawn[y * WIDTH + 297], drawn[y * WIDTH + 298]]).toEqual([1, 1]);
    }
    expect(drawn[48 * WIDTH + 298]).toBe(0);
    expect(drawn[100 * WIDTH + 299]).toBe(0);
  });
});

describe(standsAtSide.name, () => {
  const side = { front, outward: 1 as const, x: 298, top: 49, bottom: 151, seen: true };

  it('should tell the front between the front found and the side, level with it', () => {
    expect(standsAtSide({ minX: 203, minY: 52, maxX: 296, maxY: 149 }, [side], 4)).toBe(side);
  });

  it('should not tell a front of another row or short of the side', () => {
    expect(standsAtSide({ minX: 203, minY: 80, maxX: 296, maxY: 149 }, [side], 4)).toBeUndefined();
    expect(standsAtSide({ minX: 203, minY: 52, maxX: 250, maxY: 149 }, [side], 4)).toBeUndefined();
  });
});
