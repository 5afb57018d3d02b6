import { applianceStacks, frontsOnAppliances, ownFinishColumns } from './appliance-stacks.js';
import type { Box } from './box.js';

const RULE = {
  tolerance: 8,
  maxGap: 16,
  minHeight: 40,
  taller: 1.2,
  minOverlap: 0.75,
  oneFinish: () => true,
};

const box = (minX: number, minY: number, maxX: number, maxY: number): Box => ({
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

  it('should take each piece of a freezer door its handle cuts in two for the appliance', () => {
    // A small photo scaled up: the line between the two doors is wider than the tolerance.
    const nearPiece = box(420, 60, 450, 229);
    const farPiece = box(462, 60, 515, 229);
    const fridge = box(414, 242, 515, 653);
    expect(applianceStacks([...doors, nearPiece, farPiece], RULE, [fridge])).toEqual(
      new Set([nearPiece, farPiece, fridge]),
    );
  });

  it('should take no sliver of a region lining up under a block of shaded doors for a stack', () => {
    const block = box(420, 260, 720, 520);
    const sliver = box(716, 522, 720, 524);
    expect(applianceStacks([...doors, block], RULE, [sliver]).size).toBe(0);
  });

  it('should leave a drawer stack beside the doors alone, as no drawer is taller than a door', () => {
    const drawers = [box(240, 260, 340, 355), box(240, 360, 340, 451)];
    expect(applianceStacks([...doors, ...drawers], RULE).size).toBe(0);
  });

  describe('seen at an angle', () => {
    // The run recedes to the right: a front stands 0.7 times as tall at the far end as at the near.
    const shrinking = (front: Box, x: number) =>
      (front.maxY - front.minY + 1) * 0.7 ** ((x - (front.minX + front.maxX) / 2) / 1000);
    const nearStack = box(60, 400, 320, 666);
    const farDoor = box(700, 405, 800, 630);
    const freezer = box(1015, 193, 1145, 331);
    const fridge = box(1015, 333, 1145, 621);

    it('should take a far fridge-freezer for an appliance, measured against fronts where it stands', () => {
      const fronts = [nearStack, farDoor, freezer, fridge];
      expect(applianceStacks(fronts, RULE).size).toBe(0);
      expect(applianceStacks(fronts, RULE, fronts, shrinking)).toEqual(new Set([freezer, fridge]));
    });

    it('should leave a near tall pair alone that stands no taller than the far fronts would there', () => {
      // A drawer stack over a door at the near end, as tall as the far doors would stand there.
      const drawer = box(60, 180, 200, 330);
      const door = box(60, 334, 200, 640);
      const fronts = [drawer, door, box(900, 300, 1000, 520), box(1010, 300, 1110, 520)];
      expect(applianceStacks(fronts, RULE, fronts, shrinking).size).toBe(0);
    });
  });

  it('should leave a stack alone when there is no other front to measure it against', () => {
    expect(applianceStacks([box(420, 60, 515, 229), box(420, 234, 515, 653)], RULE).size).toBe(0);
  });
});

describe('ownFinishColumns', () => {
  type Finished = Box & { finish: string };
  const finished = (finish: string, ...edges: [number, number, number, number]): Finished => ({
    ...box(...edges),
    finish,
  });
  const rule = { ...RULE, oneFinish: (a: Finished, b: Finished) => a.finish === b.finish };
  // Tall base doors: a fridge door (360 px) is not 1.2 times as tall as they are (320 px).
  const doors = [finished('cream', 60, 300, 143, 619), finished('cream', 150, 300, 233, 619)];
  const upper = [finished('cream', 60, 40, 143, 229), finished('cream', 150, 40, 233, 229)];

  it('should take a fridge-freezer of a finish no front has, reaching from the wall units to the floor', () => {
    const freezer = finished('steel', 420, 40, 515, 229);
    const fridge = finished('steel', 420, 236, 515, 595);
    expect(ownFinishColumns([...doors, ...upper, freezer, fridge], rule, 1.5)).toEqual(
      new Set([freezer, fridge]),
    );
  });

  it("should leave a tall unit's two doors in the run's finish alone", () => {
    const top = finished('cream', 420, 40, 515, 229);
    const bottom = finished('cream', 420, 236, 515, 595);
    expect(ownFinishColumns([...doors, ...upper, top, bottom], rule, 1.5).size).toBe(0);
  });

  it('should leave two stacked drawers of a finish of their own alone: together as tall as a door', () => {
    const drawers = [finished('sage', 420, 300, 515, 455), finished('sage', 420, 462, 515, 619)];
    expect(ownFinishColumns([...doors, ...upper, ...drawers], rule, 1.5).size).toBe(0);
  });
});

describe('frontsOnAppliances', () => {
  const freezer = box(420, 60, 515, 229);
  const numbered = (front: number, ...edges: [number, number, number, number]) => ({
    ...box(...edges),
    front,
  });

  it('should give the fronts lying half or more on an appliance a pass told apart', () => {
    // A door a later step drew round the freezer door, reaching onto the wall unit beside it.
    const onFreezer = numbered(1, 400, 56, 515, 232);
    const wallUnit = numbered(2, 310, 60, 405, 229);
    expect(frontsOnAppliances([onFreezer, wallUnit], [freezer])).toEqual(new Set([1]));
  });
});
