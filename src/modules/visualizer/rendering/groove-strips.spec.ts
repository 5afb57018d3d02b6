import {
  grooveSpacing,
  grooveThickness,
  linesAcross,
  rowBand,
  walkStrips,
  type LineAcross,
} from './groove-strips.js';

/** Lines across a door 100 px wide: rows `start`..`end` lined over columns 0..`share * 100`. */
function drawn(lines: (LineAcross & { share?: number })[]) {
  return (x: number, y: number) =>
    lines.some(({ start, end, share = 1 }) => y >= start && y <= end && x < share * 100);
}

/**
 * A door grooved across every 48 px, its lines 8 px thick: the row's top line (18 px, the
 * worktop's shadow) at 382–399, grooves at 436, 484, 532, 580, 628, the row's bottom line at 676–687,
 * a plinth's lower edge at 702–711 under it and a floor plank's edge at 726–733, 48 px on.
 */
const ROW: LineAcross[] = [
  { start: 382, end: 399 },
  ...[436, 484, 532, 580, 628].map((start) => ({ start, end: start + 7 })),
  { start: 676, end: 687 },
  { start: 702, end: 711 },
  { start: 726, end: 733 },
];
/** The door as found: from the row's top line down to the groove at 532 (its lines, rows 394–539). */
const FOUND = linesAcross(drawn(ROW), 0, 99, 394, 539);
const everyStrip = () => true;

describe('groove-strips', () => {
  it('should read a line across where most of the width is line, and no other', () => {
    const isLine = drawn([
      { start: 10, end: 13 },
      { start: 30, end: 31, share: 0.5 },
      { start: 50, end: 52, share: 0.75 },
    ]);
    expect(linesAcross(isLine, 0, 99, 0, 60)).toEqual([
      { start: 10, end: 13 },
      { start: 50, end: 52 },
    ]);
  });

  it('should measure the spacing of a door grooved evenly, and none on a door without grooves, with uneven ones or with lines too close', () => {
    expect(FOUND).toEqual([
      { start: 394, end: 399 },
      { start: 436, end: 443 },
      { start: 484, end: 491 },
      { start: 532, end: 539 },
    ]);
    expect(grooveSpacing(FOUND, 398, 535, 4, 20)).toBe(48);
    // Only its edges: no groove.
    expect(grooveSpacing([FOUND[0], FOUND[3]], 398, 535, 4, 20)).toBeNull();
    // A drawer stack's gaps, 40 and 90 apart, are no grooves.
    const drawers = [FOUND[0], { start: 436, end: 443 }, FOUND[3]];
    expect(grooveSpacing([...drawers, { start: 630, end: 637 }], 398, 633, 4, 20)).toBeNull();
    // A tiled wall's rows 17 px apart, taken for a front, are no door's grooves.
    const tiles = [282, 298, 315, 331].map((start) => ({ start, end: start + 4 }));
    expect(grooveSpacing(tiles, 284, 334, 4, 20)).toBeNull();
    expect(grooveSpacing(tiles, 284, 334, 4, 15)).toBe(16);
  });

  it('should let a groove be half as thick again, and a stray line half as thick as the thinnest', () => {
    expect(grooveThickness(FOUND)).toEqual({ groove: 12, stray: 4 });
    expect(grooveThickness([FOUND[0], FOUND[3]])).toEqual({ groove: 0, stray: 0 });
  });

  it('should walk a door on down its grooves to the row bottom line and stop at the plinth', () => {
    const thickness = grooveThickness(FOUND);
    const bottom = walkStrips(ROW, { start: 532, end: 539 }, 48, thickness, true, everyStrip);
    // 580, 628, then the row's bottom line; the plank's edge is 48 px on, past the plinth's edge.
    expect(bottom).toEqual({ start: 676, end: 687 });
  });

  it('should not walk past the row top line, thicker than a groove', () => {
    const thickness = grooveThickness(FOUND);
    const withTiles = [{ start: 334, end: 341 }, ...ROW];
    const top = walkStrips(withTiles, withTiles[1], 48, thickness, false, everyStrip);
    expect(top).toEqual({ start: 382, end: 399 });
  });

  it('should pass a stray thin line within a strip, but no thick one, and stop at a strip not of the door', () => {
    const thickness = grooveThickness(FOUND);
    const from = { start: 532, end: 539 };
    const stray = [...ROW, { start: 560, end: 562 }].sort((a, b) => a.start - b.start);
    expect(walkStrips(stray, from, 48, thickness, true, everyStrip)).toEqual({
      start: 676,
      end: 687,
    });
    const edge = [...ROW, { start: 556, end: 563 }].sort((a, b) => a.start - b.start);
    expect(walkStrips(edge, from, 48, thickness, true, everyStrip)).toBe(from);
    const notPast600 = (_first: number, last: number) => last < 600;
    expect(walkStrips(ROW, from, 48, thickness, true, notPast600)).toEqual({
      start: 580,
      end: 587,
    });
  });

  it('should take a row as the fronts of its finish overlapping it or stacked on it, not a wall unit above', () => {
    const door = { minY: 398, maxY: 535 };
    const drawers = [
      { minY: 398, maxY: 483 },
      { minY: 496, maxY: 582 },
      { minY: 595, maxY: 680 },
    ];
    const wallUnit = { minY: 90, maxY: 288 };
    expect(rowBand(door, [door, ...drawers, wallUnit], 13)).toEqual([398, 680]);
    expect(rowBand(door, [door, wallUnit], 13)).toEqual([398, 535]);
  });
});
