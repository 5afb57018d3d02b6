import { shadedBox } from '#test/support/rule-engine-scenes.js';
import type { Segment } from './row-ends.js';
import { pairedBeside, unitsOf } from './unit-ends.js';

/** A line of the row from y = 50 to 290, at `x`. */
const line = (x: number): Segment => ({ x, top: 50, bottom: 290 });
const row = (lines: Segment[], spacing = 100) => ({ lines, top: 50, bottom: 290, spacing });
const xs = (units: Segment[][]) => units.map((unit) => unit.map(({ x }) => x));

describe(unitsOf.name, () => {
  it('should take the lines kept beyond a window, a door apart, as a unit of their own beside the unit its gaps told', () => {
    // A grooved unit told by its one gap at 360; the unit past the window kept its lines.
    const told = [[line(360)]];
    const kept = [line(1110), line(1210)];
    expect(xs(unitsOf(row([line(210), ...told[0], ...kept]), told))).toEqual([[360], [1110, 1210]]);
  });

  it('should part the lines kept where two of them stand further apart than a door at a row’s end is wide', () => {
    const lines = [line(100), line(200), line(300), line(700), line(800)];
    expect(xs(unitsOf(row(lines), []))).toEqual([
      [100, 200, 300],
      [700, 800],
    ]);
  });

  it('should take no single line kept for a unit, nothing tells how wide its doors are', () => {
    const told = [[line(300), line(400)]];
    expect(xs(unitsOf(row([line(100), ...told[0], line(900)]), told))).toEqual([[300, 400]]);
  });
});

describe(pairedBeside.name, () => {
  const door = (left: number, width = 100, top = 50, bottom = 290, shade = 20) =>
    shadedBox(left, width, top, bottom, shade);
  const near = (a: number, b: number) => Math.abs(a - b) <= 12;
  const ofFinish = (a: { shade: number }, b: { shade: number }) => a.shade === b.shade;

  it('should pair a door with the one beside it a gap apart, level, as wide and of its finish', () => {
    expect(pairedBeside(door(1106), door(1002), near, ofFinish)).toBe(true);
    expect(pairedBeside(door(1002), door(1106), near, ofFinish)).toBe(true);
  });

  it('should pair no door with one a door away, not level, much narrower or of another finish', () => {
    expect(pairedBeside(door(1210), door(1002), near, ofFinish)).toBe(false);
    expect(pairedBeside(door(1106, 100, 80, 320), door(1002), near, ofFinish)).toBe(false);
    expect(pairedBeside(door(1106, 70), door(1002), near, ofFinish)).toBe(false);
    expect(pairedBeside(door(1106, 100, 50, 290, 60), door(1002), near, ofFinish)).toBe(false);
  });
});
