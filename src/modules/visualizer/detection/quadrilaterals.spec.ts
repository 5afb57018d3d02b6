import { doorRow, drawnPicture } from '#test/support/drawn-fronts.js';
import { DETECTION_PARAMETERS } from './detection-parameters.js';
import { findEdges } from './edges.js';
import { loadOpenCv, type OpenCv } from './opencv.js';
import { candidateQuads, clockwiseFromTopLeft, quadArea } from './quadrilaterals.js';
import { workingPicture } from './working-picture.js';

describe('clockwiseFromTopLeft', () => {
  it('should order a leaning quadrilateral clockwise from its top-left corner', () => {
    expect(
      clockwiseFromTopLeft([
        [210, 290],
        [100, 120],
        [95, 300],
        [200, 100],
      ]),
    ).toEqual([
      [100, 120],
      [200, 100],
      [210, 290],
      [95, 300],
    ]);
  });
});

describe('quadArea', () => {
  it('should give a rectangle its width times its height', () => {
    expect(
      quadArea([
        [10, 10],
        [110, 10],
        [110, 60],
        [10, 60],
      ]),
    ).toBe(5000);
  });
});

describe('candidateQuads', () => {
  let cv: OpenCv;
  beforeAll(async () => {
    cv = await loadOpenCv();
  });

  it('should find each drawn door as one quadrilateral, and no quadrilateral for the wall round them', () => {
    const doors = doorRow(3, [100, 150], [140, 300], 150);
    const picture = workingPicture(cv, drawnPicture(800, 600, doors), DETECTION_PARAMETERS);
    const quads = candidateQuads(
      cv,
      findEdges(cv, picture, DETECTION_PARAMETERS),
      DETECTION_PARAMETERS,
    );
    const boxes = quads
      .map((quad) => [Math.min(...quad.map(([x]) => x)), Math.min(...quad.map(([, y]) => y))])
      .sort((a, b) => a[0] - b[0]);
    expect(boxes).toHaveLength(3);
    for (const [k, [x, y]] of boxes.entries()) {
      expect(Math.abs(x - doors[k].minX)).toBeLessThanOrEqual(4);
      expect(Math.abs(y - doors[k].minY)).toBeLessThanOrEqual(4);
    }
  });
});
