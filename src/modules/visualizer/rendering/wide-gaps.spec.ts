import { gapsAndGrooves, withoutGrooves } from './groove-gaps.js';
import { lineRowOf } from '#test/support/rule-engine-scenes.js';
import { dipsOf, gapsByDip } from './wide-gaps.js';

const [WIDTH, HEIGHT] = [440, 200];
const [TOP, BOTTOM] = [40, 160];
const SHORTEST_SIDE = 30;
const REACH = 4;
/** Doors 100 px wide from 20 to 420, the gaps between them 4 px wide; grooved every 20 px. */
const GAPS = [120, 220, 320];
const GROOVES = [40, 60, 80, 100, 140, 160, 180, 200, 240, 260, 280, 300, 340, 360, 380, 400];

/**
 * A row of grooved doors seen straight on: grooves and gaps both run from the top edge to the
 * bottom; a groove is 2 px wide and `grooveLuminance`, a gap `gapWidth` px and 40, on a face of
 * 100 (the wall, 150, beyond the outer doors).
 */
function scene({ gapWidth = 4, grooveLuminance = 60, wallBetween = false } = {}) {
  return (x: number, y: number) => {
    if (y < TOP || y > BOTTOM || x < 20 || x > 420) return 150;
    if (wallBetween && x > 200 && x < 240) return 150;
    if (GAPS.some((gap) => x > gap - gapWidth && x <= gap)) return 40;
    if (GROOVES.some((groove) => x > groove - 2 && x <= groove)) return grooveLuminance;
    return 100;
  };
}

const row = lineRowOf([...GAPS, ...GROOVES], TOP, BOTTOM);

describe('dipsOf', () => {
  it('should measure each dark line by its depth below the face beside it over its width', () => {
    const profile = new Array<number>(40).fill(100);
    profile.fill(60, 10, 12); // a groove
    profile.fill(40, 18, 22); // a gap
    expect(dipsOf(profile, 5)).toEqual([
      { from: 15, to: 16, area: 80 },
      { from: 23, to: 26, area: 240 },
    ]);
  });
});

describe('gapsByDip', () => {
  const gapsOf = (found: ReturnType<typeof gapsByDip>) =>
    found?.stretches.flatMap(({ gaps }) => gaps.map(({ from, to }) => [from, to]));

  it('should take the dips well wider and darker than the grooves’ as the gaps', () => {
    const found = gapsByDip(row, SHORTEST_SIDE, REACH, scene(), WIDTH);
    expect(gapsOf(found)).toEqual(GAPS.map((gap) => [gap - 3, gap]));
    expect(found?.doors).toEqual([100, 100]);
  });

  it('should find no gaps where they are no wider nor darker than the grooves', () => {
    const even = scene({ gapWidth: 2, grooveLuminance: 40 });
    expect(gapsByDip(row, SHORTEST_SIDE, REACH, even, WIDTH)).toBeNull();
  });

  it('should take the one gap at the middle of a unit of two doors, each unit apart', () => {
    // Two units with the wall between: the first one's gap stands at its middle, the second's
    // grooves reach twice as far on one side of its dark line as on the other.
    const apart = {
      ...row,
      lines: row.lines.filter(({ x }) => x <= 200 || (x >= 240 && x <= 360)),
    };
    const found = gapsByDip(apart, SHORTEST_SIDE, REACH, scene({ wallBetween: true }), WIDTH);
    expect(found?.stretches.map(({ gaps }) => gaps.map(({ to }) => to))).toEqual([[120], []]);
    expect(found?.doors).toEqual([80, 80]);
  });

  it('should take no lone dark line off the middle of its grooves for a gap', () => {
    const lopsided = { ...row, lines: row.lines.filter(({ x }) => x <= 160) };
    const luminance = scene();
    expect(gapsByDip(lopsided, SHORTEST_SIDE, REACH, luminance, WIDTH)).toBeNull();
  });
});

describe('gapsAndGrooves seen straight on', () => {
  it('should part a row whose grooves run up to the top edge by its wider, darker gaps', () => {
    const parted = gapsAndGrooves(row, SHORTEST_SIDE, REACH, scene(), WIDTH);
    expect(parted?.gaps).toEqual({ ...lineRowOf(GAPS, TOP, BOTTOM), spacing: 100 });
    // The unit's first and last lines may be its outer sides: no grooves to clear.
    expect(parted?.grooves.map(({ line: { x } }) => x)).toEqual(GROOVES.slice(1, -1));
  });

  it('should clear the grooves inside each door and keep each gap whole over its width', () => {
    const lines = new Uint8Array(WIDTH * HEIGHT);
    // The line finder marks a gap at its rightmost column only, and breaks it here and there.
    for (let y = TOP; y <= BOTTOM; y++) {
      for (const x of [...GROOVES, ...GAPS]) if (y % 10) lines[y * WIDTH + x] = 1;
    }
    const parted = gapsAndGrooves(row, SHORTEST_SIDE, REACH, scene(), WIDTH)!;
    const cleared = withoutGrooves(lines, WIDTH, [parted], REACH);
    const at = (x: number, y: number) => cleared[y * WIDTH + x];
    expect(GROOVES.filter((x) => x > 120 && x < 320).map((x) => at(x, 101))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    for (const gap of GAPS) {
      for (const y of [TOP, 100, BOTTOM])
        expect([3, 2, 1, 0].map((k) => at(gap - k, y))).toEqual([1, 1, 1, 1]);
    }
    expect(at(170, BOTTOM)).toBe(1); // the bottom is drawn
  });
});
