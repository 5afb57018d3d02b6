import { boxCandidate, doorRow, drawnPicture } from '#test/support/drawn-fronts.js';
import { DETECTION_PARAMETERS } from './detection-parameters.js';
import { edgeLevels, oneOfEachFront } from './edge-levels.js';
import { loadOpenCv } from './opencv.js';
import { workingPicture } from './working-picture.js';

describe('oneOfEachFront', () => {
  it('should keep a front found at several levels once, the one with the cleanest interior', () => {
    const busy = { ...boxCandidate(100, 100, 200, 300), edgeShare: 0.1 };
    const clean = { ...boxCandidate(101, 101, 199, 301), edgeShare: 0.01 };
    expect(oneOfEachFront([[busy], [clean]], DETECTION_PARAMETERS)).toEqual([clean]);
  });

  it('should leave out two doors run together when another level finds both apart', () => {
    const pair = boxCandidate(100, 100, 300, 300);
    const left = boxCandidate(100, 100, 198, 300);
    const right = boxCandidate(202, 100, 300, 300);
    expect(oneOfEachFront([[pair], [left, right]], DETECTION_PARAMETERS)).toEqual([left, right]);
  });

  it('should keep a shaker door found with its panel, and a grooved door cut into strips', () => {
    const door = boxCandidate(100, 100, 200, 300);
    const panel = boxCandidate(115, 115, 185, 285);
    const strips = [0, 1, 2, 3, 4].map((k) => boxCandidate(100 + k * 20, 100, 118 + k * 20, 300));
    const kept = oneOfEachFront([[door], [panel, ...strips]], DETECTION_PARAMETERS);
    expect(kept).toContain(door);
  });
});

describe('edgeLevels', () => {
  it('should give each level its own edges, and close a faint gap at some level', async () => {
    const cv = await loadOpenCv();
    const doors = doorRow(2, [200, 150], [156, 300], 160, [232, 230, 224]);
    const image = drawnPicture(800, 600, doors, [228, 226, 220]);
    // The gaps only 36 grey levels darker than door and wall: white on white.
    for (let i = 0; i < image.data.length; i++) if (image.data[i] < 100) image.data[i] = 192;
    const picture = workingPicture(cv, image, DETECTION_PARAMETERS);
    const levels = edgeLevels(cv, picture, DETECTION_PARAMETERS);
    expect(levels).toHaveLength(DETECTION_PARAMETERS.edgeLevels.length);
    const found = oneOfEachFront(
      levels.map((level) => level.candidates),
      DETECTION_PARAMETERS,
    );
    for (const door of doors) {
      expect(
        found.some(
          (candidate) =>
            Math.abs(candidate.minX - door.minX) <= 4 && Math.abs(candidate.maxX - door.maxX) <= 4,
        ),
      ).toBe(true);
    }
  });
});
