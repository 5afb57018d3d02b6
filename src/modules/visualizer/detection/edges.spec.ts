import { drawnPicture } from '#test/support/drawn-fronts.js';
import { DETECTION_PARAMETERS } from './detection-parameters.js';
import { findEdges, straightSegments, withoutShortFragments } from './edges.js';
import { loadOpenCv } from './opencv.js';
import { workingPicture } from './working-picture.js';

describe('straightSegments', () => {
  it('should keep level and upright segments and leave out slanted ones', () => {
    const rows = Int32Array.from([0, 0, 100, 3, 50, 0, 52, 90, 0, 0, 100, 100]);
    expect(straightSegments(rows, 10)).toEqual([
      { x1: 0, y1: 0, x2: 100, y2: 3 },
      { x1: 50, y1: 0, x2: 52, y2: 90 },
    ]);
  });
});

describe('findEdges', () => {
  it("should find a white door's faint gap on a white wall, and its long sides as segments", async () => {
    const cv = await loadOpenCv();
    const door = {
      minX: 200,
      minY: 100,
      maxX: 400,
      maxY: 500,
      rgb: [232, 230, 224] as [number, number, number],
    };
    const image = drawnPicture(800, 600, [door], [228, 226, 220]);
    // The gap only 40 grey levels darker than the door and the wall: white on white.
    for (let i = 0; i < image.data.length; i++) if (image.data[i] < 100) image.data[i] = 188;
    const picture = workingPicture(cv, image, DETECTION_PARAMETERS);
    const edges = findEdges(cv, picture, DETECTION_PARAMETERS);
    const onEdge = (x: number, y: number) =>
      [-2, -1, 0, 1, 2].some((d) => edges.edges[y * edges.width + x + d] > 0);
    expect(onEdge(200, 300)).toBe(true);
    expect(onEdge(400, 300)).toBe(true);
    expect(edges.edges[300 * edges.width + 300]).toBe(0);
    expect(edges.segments.length).toBeGreaterThanOrEqual(2);
  });
});

describe('withoutShortFragments', () => {
  it('should leave out short specks and keep a long line', async () => {
    const cv = await loadOpenCv();
    const edges = new cv.Mat(100, 100, cv.CV_8UC1, new cv.Scalar(0));
    try {
      for (let y = 10; y < 90; y++) edges.data[y * 100 + 50] = 255;
      for (let x = 10; x < 16; x++) edges.data[20 * 100 + x] = 255;
      withoutShortFragments(cv, edges, 15);
      expect(edges.data[40 * 100 + 50]).toBe(255);
      expect(edges.data[20 * 100 + 12]).toBe(0);
    } finally {
      edges.delete();
    }
  });
});
