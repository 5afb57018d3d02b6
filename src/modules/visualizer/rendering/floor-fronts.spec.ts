import { frontsOnTheFloor, type FloorBox } from './floor-fronts.js';

const TOLERANCE = 6;

/** Fronts side by side from `left`, each `width` wide, from `top` to `bottom`, numbered on. */
function row(
  first: number,
  count: number,
  left: number,
  width: number,
  top: number,
  bottom: number,
) {
  return Array.from({ length: count }, (_, k): FloorBox => ({
    front: first + k,
    minX: left + k * (width + 4),
    maxX: left + k * (width + 4) + width - 1,
    minY: top,
    maxY: bottom,
  }));
}

// Wall units 110 px wide and 210 tall over a run of doors 110 wide and 280 tall, its plinth 30
// px tall below it.
const wallUnits = row(1, 4, 100, 110, 60, 270);
const run = row(5, 6, 100, 110, 380, 660);

describe('frontsOnTheFloor', () => {
  it('should find the planks closed into wide fronts under the run, below its plinth', () => {
    const planks = row(11, 2, 120, 330, 720, 810);
    expect(frontsOnTheFloor([...wallUnits, ...run, ...planks], TOLERANCE)).toEqual(
      new Set([11, 12]),
    );
  });

  it('should keep the drawers of a run under wall units, the only row of doors above them', () => {
    const drawers = row(5, 4, 100, 110, 380, 470);
    expect(frontsOnTheFloor([...wallUnits, ...drawers], TOLERANCE).size).toBe(0);
  });

  it('should keep the run under wall units stacked two high: a worktop and a wall stand between', () => {
    const upper = row(11, 4, 100, 110, 20, 150);
    const lower = row(1, 4, 100, 110, 160, 300);
    const under = row(5, 6, 100, 110, 420, 700);
    expect(frontsOnTheFloor([...upper, ...lower, ...under], TOLERANCE).size).toBe(0);
  });

  it("should keep a drawer stack within the run's top and bottom lines", () => {
    const stack = [...row(11, 1, 800, 220, 380, 470), ...row(12, 1, 800, 220, 474, 564)];
    expect(frontsOnTheFloor([...wallUnits, ...run, ...stack], TOLERANCE).size).toBe(0);
  });

  it('should keep what stands beside the run below its bottom, not under it', () => {
    const beside = row(11, 2, 900, 330, 720, 810);
    expect(frontsOnTheFloor([...wallUnits, ...run, ...beside], TOLERANCE).size).toBe(0);
  });
});
