import { around, promptedRegions, type PointDecoder } from './prompted-masks.js';
import { besidePrompts, gridPrompts, type PromptPoint } from './prompt-points.js';

const size = { width: 40, height: 40 };
const limits = {
  maxPromptsCount: 50,
  stabilityOffsetLogit: 1,
  frontAreaMaxShare: 0.4,
  outsideDistanceShare: 0.1,
};

/** A made-up model: two doors; a point on the wall answers with the wall (the rest). */
const doors: [number, number, number, number][] = [
  [4, 4, 18, 36],
  [22, 4, 36, 36],
];
const decoder: PointDecoder = (point) => {
  const [px, py] = [point.x * size.width, point.y * size.height];
  const door = doors.find(([x0, y0, x1, y1]) => px >= x0 && px < x1 && py >= y0 && py < y1);
  const logits = new Float32Array(size.width * size.height);
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      const inDoor = doors.find(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1);
      logits[y * size.width + x] = inDoor === door ? 4 : -4;
    }
  }
  return Promise.resolve({ logits, predictedIou: 0.95 });
};

describe('promptedRegions', () => {
  it('should ask once per region that settles, skipping points inside it', async () => {
    let runs = 0;
    const counting: PointDecoder = (point, outside) => {
      runs++;
      return decoder(point, outside);
    };
    const regions = await promptedRegions(
      counting,
      size,
      gridPrompts(size, [2, 4, 8]),
      limits,
      (region) => region.area < 0.4 * size.width * size.height,
    );
    const boxes = regions.map(({ minX, minY, maxX, maxY }) => [minX, minY, maxX, maxY]);
    expect(boxes).toEqual(expect.arrayContaining(doors));
    expect(boxes.filter((box) => doors.some((door) => door.join() === box.join()))).toHaveLength(2);
    // The wall settles nothing (too large): its points are asked, twice each; the doors once.
    expect(runs).toBeLessThan(gridPrompts(size, [2, 4, 8]).length * 2);
  });

  it('should stop at the limit of decoder runs', async () => {
    let runs = 0;
    await promptedRegions(
      (point, outside) => {
        runs++;
        return decoder(point, outside);
      },
      size,
      gridPrompts(size, [2, 4, 8]),
      { ...limits, maxPromptsCount: 3 },
      () => false,
    );
    expect(runs).toBe(3);
  });
  it('should ask beside a front found before the rest of the grid, one run per door', async () => {
    const asked: PromptPoint[] = [];
    const regions = await promptedRegions(
      (point, outside) => {
        asked.push(point);
        return decoder(point, outside);
      },
      size,
      // The first point is on the left door; the second, on the wall, comes after the door beside.
      [
        { x: 0.25, y: 0.5 },
        { x: 0.5, y: 0.05 },
      ],
      limits,
      (region) => region.area < 0.4 * size.width * size.height,
      (region) =>
        region.area < 0.4 * size.width * size.height ? besidePrompts(region, size, 0.1) : [],
    );
    expect(asked[1].x).toBeGreaterThan(0.55);
    const boxes = regions.map(({ minX, minY, maxX, maxY }) => [minX, minY, maxX, maxY]);
    expect(boxes.slice(0, 2)).toEqual(doors);
  });
});

describe('besidePrompts', () => {
  it('should give the places one width and a gap left and right, those on the frame', () => {
    const size = { width: 100, height: 100 };
    expect(besidePrompts({ minX: 40, minY: 40, maxX: 60, maxY: 50 }, size, 0.1)).toEqual([
      { x: 0.28, y: 0.45 },
      { x: 0.72, y: 0.45 },
    ]);
    expect(besidePrompts({ minX: 0, minY: 0, maxX: 20, maxY: 100 }, size, 0.1)).toEqual([
      { x: 0.32, y: 0.5 },
    ]);
  });
});

describe('around', () => {
  it('should give the four points round a prompt that are on the frame', () => {
    expect(around({ x: 0.05, y: 0.5 }, 0.1, { width: 100, height: 50 })).toEqual([
      { x: 0.15000000000000002, y: 0.5 },
      { x: 0.05, y: 0.3 },
      { x: 0.05, y: 0.7 },
    ]);
  });
});

describe('gridPrompts', () => {
  it('should give coarse points first, then finer ones, inside the frame', () => {
    const points = gridPrompts({ width: 400, height: 300 }, [2, 4, 8]);
    expect(points.slice(0, 2)).toEqual([
      { x: 0.25, y: 0.25 },
      { x: 0.75, y: 0.25 },
    ]);
    expect(points).toHaveLength(2 * 2 + 4 * 3 + 8 * 6);
    expect(points.every(({ x, y }) => x > 0 && x < 1 && y > 0 && y < 1)).toBe(true);
  });
});
