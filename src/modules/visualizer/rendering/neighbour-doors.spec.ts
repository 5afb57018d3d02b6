import { GRAINED_DOORS } from '#test/support/rule-engine-scenes.js';
import { neighbourDoors } from './neighbour-doors.js';
import type { Box } from './box.js';

const WIDTH = 560;
const HEIGHT = 300;
/** The streaks of grain are as deep as the gaps (luminance 12, gaps 10). */
const { top: TOP, bottom: BOTTOM, gaps: GAPS, streaks: STREAKS } = GRAINED_DOORS;

/**
 * A run of near-black grained doors (30) on a pale wall (150), its top and bottom lines drawn as
 * lines; `lined` tells whether a line runs along a row from `from` to `to` (from height `y` to
 * height `yTo`). `sheared` sets the run's lines falling by `fall` per pixel to the right, from the
 * first gap on, as a photo taken at an angle shows them.
 */
function grainedRun() {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3).fill(150);
  const lines = new Uint8Array(WIDTH * HEIGHT);
  const paint = (x0: number, y0: number, x1: number, y1: number, grey: number, line = false) => {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        rgb.fill(grey, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
        if (line) lines[y * WIDTH + x] = 1;
      }
    }
  };
  const [first, last] = [GAPS[0], GAPS[GAPS.length - 1]];
  paint(first, TOP, last, BOTTOM, 30);
  for (const x of STREAKS) paint(x - 1, TOP, x + 1, BOTTOM, 12);
  for (const x of GAPS.slice(1, -1)) paint(x - 1, TOP, x + 1, BOTTOM, 10);
  paint(first, TOP - 2, last, TOP, 10, true);
  paint(first, BOTTOM, last, BOTTOM + 2, 10, true);
  const lined = (y: number, from: number, to: number, yTo = y) => {
    let run = 0;
    for (let x = from; x <= to; x++) {
      const at = Math.round(y + ((yTo - y) * (x - from)) / Math.max(1, to - from));
      if (lines[at * WIDTH + x] || lines[(at - 2) * WIDTH + x] || lines[(at + 2) * WIDTH + x]) {
        run++;
      }
    }
    return run >= (to - from + 1) / 2;
  };
  const sheared = (fall: number) => {
    const [level, levelLines] = [rgb.slice(), lines.slice()];
    for (let x = 0; x < WIDTH; x++) {
      const drop = Math.round(fall * (x - first));
      for (let y = 0; y < HEIGHT; y++) {
        const from = y - drop;
        const inside = from >= 0 && from < HEIGHT;
        const i = y * WIDTH + x;
        rgb.fill(inside ? level[(from * WIDTH + x) * 3] : 150, i * 3, i * 3 + 3);
        lines[i] = inside ? levelLines[from * WIDTH + x] : 0;
      }
    }
  };
  const unlined = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y <= y1; y++) lines.fill(0, y * WIDTH + x0, y * WIDTH + x1 + 1);
  };
  return { rgb, paint, lined, unlined, sheared };
}

/** The second door, as the detector finds it: its box reaches into its gaps by a pixel. */
const SECOND: Box = { minX: 141, minY: TOP, maxX: 240, maxY: BOTTOM };

const covering = (boxes: Box[]) => {
  const covered = new Uint8Array(WIDTH * HEIGHT);
  for (const { minX, minY, maxX, maxY } of boxes) {
    for (let y = minY; y <= maxY; y++) covered.fill(1, y * WIDTH + minX, y * WIDTH + maxX + 1);
  }
  return covered;
};

const spans = (found: { door: Box }[]) =>
  found.map(({ door }) => [door.minX, door.maxX]).sort((a, b) => a[0] - b[0]);

describe('neighbourDoors', () => {
  it('should find the doors beside a door found along its run, to their gaps and to the run ends', () => {
    const { rgb, lined } = grainedRun();
    const found = neighbourDoors([SECOND], rgb, WIDTH, covering([SECOND]), lined);
    expect(spans(found)).toEqual([
      [40, 137],
      [241, 337],
      [341, 440],
    ]);
    expect(found.every(({ besideOf }) => besideOf === SECOND)).toBe(true);
  });

  it('should take a front found short of its gap (grain cut it) into the door beside', () => {
    const { rgb, lined } = grainedRun();
    const short = { minX: 241, minY: TOP, maxX: 300, maxY: BOTTOM };
    const found = neighbourDoors([SECOND, short], rgb, WIDTH, covering([SECOND, short]), lined);
    const third = found.find(({ door }) => door.minX === 241)!;
    expect(third.door.maxX).toBe(337);
    expect(third.within).toBe(short);
  });

  it('should follow a run photographed at an angle along its slanted lines to the doors beside', () => {
    const { rgb, lined, sheared } = grainedRun();
    // 8 px down per door: a box level with the door found takes in the wall above the next one.
    const fall = 0.08;
    sheared(fall);
    const drop = (x: number) => Math.round(fall * (x - GAPS[0]));
    const second = { ...SECOND, minY: TOP + drop(SECOND.minX), maxY: BOTTOM + drop(SECOND.maxX) };
    const slant = { top: fall, bottom: fall };
    const found = neighbourDoors([second], rgb, WIDTH, covering([second]), lined, () => slant);
    expect(spans(found)).toEqual([
      [40, 137],
      [241, 337],
      [341, 440],
    ]);
    // Each along the run's lines: the last door's box reaches down past the found door's.
    const last = found.find(({ door }) => door.minX === 341)!;
    expect(last.door.minY).toBeGreaterThanOrEqual(TOP + drop(341) - 1);
    expect(last.door.maxY).toBeGreaterThanOrEqual(BOTTOM + drop(440) - 1);
    expect(last.slant).toEqual(slant);
  });

  it('should walk on past a front of the row that runs over two doors, painting what it leaves', () => {
    const { rgb, lined } = grainedRun();
    // The third door and most of the fourth found as one front (grain hid the gap between them).
    const together = { minX: 241, minY: TOP, maxX: 400, maxY: BOTTOM };
    const found = neighbourDoors(
      [SECOND, together],
      rgb,
      WIDTH,
      covering([SECOND, together]),
      lined,
    );
    expect(spans(found)).toEqual([
      [40, 137],
      [341, 440],
    ]);
  });

  it('should walk from a front found as doors run together (grain hid their gaps) to the door beside', () => {
    const { rgb, lined } = grainedRun();
    // The second, third and fourth doors found as one front twice as wide as it is tall.
    const together = { minX: 141, minY: TOP, maxX: 440, maxY: BOTTOM };
    const found = neighbourDoors([together], rgb, WIDTH, covering([together]), lined);
    expect(spans(found)).toEqual([[40, 137]]);
    expect(found[0].besideOf).toBe(together);
  });

  it('should walk from no front wider than a few doors run together', () => {
    const { rgb, lined } = grainedRun();
    // A band as wide as the run and a third as tall: a countertop's edge, a shelf, no doors.
    const band = { minX: 141, minY: TOP, maxX: 440, maxY: TOP + 90 };
    expect(neighbourDoors([band], rgb, WIDTH, covering([band]), lined)).toEqual([]);
  });

  it('should fill the rims a front of the row leaves, not a thing in front left out of it', () => {
    const { rgb, lined } = grainedRun();
    const run = { minX: 241, minY: TOP, maxX: 400, maxY: BOTTOM };
    const hole = { minX: 260, minY: 120, maxX: 300, maxY: 180 };
    // The front found over the third door and most of the fourth leaves out a green leaf as dark
    // as the doors.
    const covered = covering([SECOND, run]);
    for (let y = hole.minY; y <= hole.maxY; y++) {
      covered.fill(0, y * WIDTH + hole.minX, y * WIDTH + hole.maxX + 1);
    }
    for (let y = hole.minY; y <= hole.maxY; y++) {
      for (let x = hole.minX; x <= hole.maxX; x++) rgb.set([8, 42, 12], (y * WIDTH + x) * 3);
    }
    const found = neighbourDoors([SECOND, run], rgb, WIDTH, covered, lined);
    const fourth = found.find(({ door }) => door.minX === 341)!;
    expect(fourth.columns).toEqual(Array.from({ length: 40 }, (_, k) => 401 + k));
    expect(found.some(({ door }) => door.minX <= hole.maxX && door.maxX >= hole.minX)).toBe(false);
  });

  it('should not walk on past a front of another row standing over the run', () => {
    const { rgb, lined } = grainedRun();
    // A thing in front, found as a front, lower than the row's doors.
    const lower = { minX: 241, minY: TOP + 30, maxX: 400, maxY: BOTTOM };
    const found = neighbourDoors([SECOND, lower], rgb, WIDTH, covering([SECOND, lower]), lined);
    expect(spans(found)).toEqual([[40, 137]]);
  });

  it('should add no door over a thing of another finish in front of the run', () => {
    const { rgb, paint, lined } = grainedRun();
    // A plant's pale pot and leaves over the first door: not of the run's finish down its length.
    paint(50, 120, 130, BOTTOM - 1, 140);
    const found = neighbourDoors([SECOND], rgb, WIDTH, covering([SECOND]), lined);
    expect(spans(found).map(([from]) => from)).toEqual([241, 341]);
  });

  it('should add no door where the row has no top line along it: wall between two units', () => {
    const { rgb, paint, lined, unlined } = grainedRun();
    paint(GAPS[2] + 2, TOP - 2, GAPS[4], TOP, 30);
    unlined(GAPS[2] + 2, TOP - 2, GAPS[4], TOP);
    const found = neighbourDoors([SECOND], rgb, WIDTH, covering([SECOND]), lined);
    expect(spans(found)).toEqual([[40, 137]]);
  });

  it('should look for no door beside a front with no gap at its side', () => {
    const { rgb, paint, lined } = grainedRun();
    for (const x of GAPS.slice(1, -1)) paint(x - 1, TOP, x + 1, BOTTOM, 30);
    expect(neighbourDoors([SECOND], rgb, WIDTH, covering([SECOND]), lined)).toEqual([]);
  });

  it('should look for no door beside a plain door: the passes find painted doors whole', () => {
    const { rgb, paint, lined } = grainedRun();
    for (const x of STREAKS) paint(x - 1, TOP, x + 1, BOTTOM, 30);
    expect(neighbourDoors([SECOND], rgb, WIDTH, covering([SECOND]), lined)).toEqual([]);
  });

  it('should add no door of another hue, however as bright as the doors', () => {
    const { rgb, lined } = grainedRun();
    // A blue-grey panel where the last door stands, as bright as the doors.
    for (let y = TOP + 1; y < BOTTOM; y++) {
      for (let x = GAPS[3] + 2; x < GAPS[4]; x++) rgb.set([18, 30, 52], (y * WIDTH + x) * 3);
    }
    const found = neighbourDoors([SECOND], rgb, WIDTH, covering([SECOND]), lined);
    expect(spans(found)).toEqual([
      [40, 137],
      [241, 337],
    ]);
  });
});
