import { fillsGrainedPiece, onRowLines, stripsOfGrainedDoors } from './grained-doors.js';

const NEAR = 6;
/** A grained piece of a wall unit's row: its band runs on over the unit's bottom rail. */
const PIECE = { minX: 77, minY: 73, maxX: 184, maxY: 298 };

describe('fillsGrainedPiece', () => {
  it("should take a door as wide as the piece that stops short of its band's bottom rail", () => {
    expect(fillsGrainedPiece({ minX: 74, minY: 81, maxX: 183, maxY: 280 }, [PIECE], NEAR)).toBe(
      true,
    );
  });

  it('should not take a strip of the piece, nor a box reaching past its band', () => {
    const strip = { minX: 74, minY: 81, maxX: 125, maxY: 280 };
    const taller = { minX: 74, minY: 40, maxX: 183, maxY: 280 };
    const shallow = { minX: 74, minY: 81, maxX: 183, maxY: 160 };
    for (const box of [strip, taller, shallow]) {
      expect(fillsGrainedPiece(box, [PIECE], NEAR)).toBe(false);
    }
  });
});

describe('stripsOfGrainedDoors', () => {
  const door = { minX: 74, minY: 81, maxX: 183, maxY: 280 };

  it('should give the strips the passes cut a grained door into', () => {
    const known = [
      { front: 1, minX: 74, minY: 81, maxX: 125, maxY: 279 },
      { front: 2, minX: 140, minY: 82, maxX: 181, maxY: 280 },
      { front: 3, minX: 227, minY: 81, maxX: 303, maxY: 280 },
    ];
    expect(stripsOfGrainedDoors(known, [door], NEAR)).toEqual(new Set([1, 2]));
  });

  it('should keep the fronts where one the door meets is no strip of it', () => {
    const known = [
      { front: 1, minX: 74, minY: 81, maxX: 125, maxY: 279 },
      // A wider front found before, running past the door: the door is not added over it.
      { front: 2, minX: 140, minY: 82, maxX: 300, maxY: 280 },
    ];
    expect(stripsOfGrainedDoors(known, [door], NEAR).size).toBe(0);
  });

  it('should keep a front as wide as the door: the door itself, found before', () => {
    const known = [{ front: 1, minX: 75, minY: 81, maxX: 182, maxY: 280 }];
    expect(stripsOfGrainedDoors(known, [door], NEAR).size).toBe(0);
  });
});

describe('onRowLines', () => {
  // A wide wall unit seen at an angle: its top line falls and its bottom line rises to the right.
  const unit: [number, number][] = [
    [0, 100],
    [300, 106],
    [300, 300],
    [0, 306],
  ];

  it("should take a door far along the row, its top 18 px lower, for one of the unit's row: both lines run on through its corners", () => {
    const door: [number, number][] = [
      [800, 118],
      [950, 121],
      [950, 290],
      [800, 293],
    ];
    expect(onRowLines(unit, door, 12)).toBe(true);
    expect(onRowLines(door, unit, 12)).toBe(true);
  });

  it("should take a door whose top only is on the unit's top line for one of another row", () => {
    const drawer: [number, number][] = [
      [800, 118],
      [950, 121],
      [950, 200],
      [800, 202],
    ];
    expect(onRowLines(unit, drawer, 12)).toBe(false);
  });

  it('should take a door of the run below for one of another row', () => {
    const below: [number, number][] = [
      [800, 400],
      [950, 403],
      [950, 600],
      [800, 603],
    ];
    expect(onRowLines(unit, below, 12)).toBe(false);
  });
});
