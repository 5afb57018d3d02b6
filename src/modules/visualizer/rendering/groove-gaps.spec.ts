import { gapsAndGrooves, lineStart, withoutGrooves } from './groove-gaps.js';
import { lineRowOf } from '#test/support/rule-engine-scenes.js';
import type { Segment } from './row-ends.js';

const [WIDTH, HEIGHT] = [320, 200];
const [TOP, BAND, BOTTOM] = [40, 48, 160];
const SHORTEST_SIDE = 30;
const REACH = 4;
/** Doors 100 px wide between gaps at 20, 120, 220 and 320 − 20, grooved every 20 px. */
const GAPS = [20, 120, 220, 300];
const GROOVES = [40, 60, 80, 100, 140, 160, 180, 200, 240, 260, 280];

/**
 * A wall unit's row: wall above, a shaded band along the top edge, the fronts below; gaps three
 * pixels wide run from the top edge down, grooves two pixels wide from below the band (or, with
 * `groovesToTheTop`, from the top edge as well).
 */
function scene(groovesToTheTop = false) {
  return (x: number, y: number) => {
    if (y < TOP || y > BOTTOM) return 150;
    if (GAPS.some((gap) => x > gap - 3 && x <= gap)) return 80;
    const grooveTop = groovesToTheTop ? TOP : BAND;
    if (y >= grooveTop && GROOVES.some((groove) => x > groove - 2 && x <= groove)) {
      return y < BAND ? 30 : 60;
    }
    return y < BAND ? 50 : 100;
  };
}

const line = (x: number): Segment => ({ x, top: TOP, bottom: BOTTOM });
const row = lineRowOf([...GAPS, ...GROOVES], TOP, BOTTOM);

describe('lineStart', () => {
  it('should find a gap from the top edge and a groove only below the shaded band', () => {
    const luminance = scene();
    expect(lineStart(line(120), TOP - REACH, 100, REACH, luminance, WIDTH)).toBe(TOP);
    expect(lineStart(line(140), TOP - REACH, 100, REACH, luminance, WIDTH)).toBe(BAND);
  });
});

describe('gapsAndGrooves', () => {
  it('should take the lines that run up through the top edge’s band as the gaps, the rest as grooves', () => {
    const parted = gapsAndGrooves(row, SHORTEST_SIDE, REACH, scene(), WIDTH);
    expect(parted?.gaps).toEqual({ lines: GAPS.map(line), top: TOP, bottom: BOTTOM, spacing: 100 });
    expect(parted?.grooves.map(({ line: { x } }) => x)).toEqual(GROOVES);
    expect(parted?.grooves.every(({ start }) => start === BAND)).toBe(true);
  });

  it('should leave a row be whose grooves run up to the top edge as its gaps do', () => {
    expect(gapsAndGrooves(row, SHORTEST_SIDE, REACH, scene(true), WIDTH)).toBeNull();
  });

  it('should leave a row of plain doors be', () => {
    const plain = { ...row, lines: GAPS.map(line), spacing: 100 };
    expect(gapsAndGrooves(plain, SHORTEST_SIDE, REACH, scene(), WIDTH)).toBeNull();
  });
});

describe('withoutGrooves', () => {
  const boundaries = () => {
    const lines = new Uint8Array(WIDTH * HEIGHT);
    const luminance = scene();
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) lines[y * WIDTH + x] = luminance(x, y) < 90 ? 1 : 0;
    }
    return lines;
  };

  it('should clear the grooves inside each door and draw its bottom, keeping the gaps and the band', () => {
    const parted = gapsAndGrooves(row, SHORTEST_SIDE, REACH, scene(), WIDTH)!;
    const cleared = withoutGrooves(boundaries(), WIDTH, [parted], REACH);
    const at = (x: number, y: number) => cleared[y * WIDTH + x];
    expect(GROOVES.map((x) => at(x, 100))).toEqual(GROOVES.map(() => 0));
    expect(GAPS.map((x) => at(x, 100))).toEqual(GAPS.map(() => 1));
    expect(at(140, TOP + 2)).toBe(1); // the band stays
    expect(at(140, BOTTOM)).toBe(1); // the bottom is drawn
  });

  it('should clear nothing between gaps further apart than a door', () => {
    const parted = gapsAndGrooves(row, SHORTEST_SIDE, REACH, scene(), WIDTH)!;
    const wide = { ...parted, gaps: { ...parted.gaps, lines: [line(20), line(220)] } };
    const cleared = withoutGrooves(boundaries(), WIDTH, [wide], REACH);
    expect(cleared[100 * WIDTH + 140]).toBe(1);
  });
});
