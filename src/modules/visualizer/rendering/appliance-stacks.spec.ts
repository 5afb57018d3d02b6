import { applianceStacks, type StackBox } from './appliance-stacks.js';

const RULE = { tolerance: 8, taller: 1.2, minOverlap: 0.75, oneFinish: () => true };

const box = (minX: number, minY: number, maxX: number, maxY: number): StackBox => ({
  minX,
  minY,
  maxX,
  maxY,
});

describe('applianceStacks', () => {
  const doors = [box(60, 260, 143, 451), box(150, 260, 233, 451)];

  it('should take a freezer door stacked on a fridge door taller than any front for an appliance', () => {
    const freezer = box(420, 60, 515, 229);
    const fridge = box(420, 234, 515, 653);
    expect(applianceStacks([...doors, freezer, fridge], RULE)).toEqual(new Set([freezer, fridge]));
  });

  it('should leave a drawer stack beside the doors alone, as no drawer is taller than a door', () => {
    const drawers = [box(240, 260, 340, 355), box(240, 360, 340, 451)];
    expect(applianceStacks([...doors, ...drawers], RULE).size).toBe(0);
  });

  it('should leave a stack alone when there is no other front to measure it against', () => {
    expect(applianceStacks([box(420, 60, 515, 229), box(420, 234, 515, 653)], RULE).size).toBe(0);
  });
});
