import { boxCandidate, doorRow, drawnPicture } from '#test/support/drawn-fronts.js';
import { DETECTION_PARAMETERS } from '../detection-parameters.js';
import { loadOpenCv } from '../opencv.js';
import { candidateBoxes, rankedCandidates } from './candidate-boxes.js';
import { PROMPTED_PARAMETERS } from './prompted-parameters.js';

const SIZE = { width: 800, height: 600 };
const limits = { sameBoxMinIou: 0.6 };

describe('rankedCandidates', () => {
  it('should ask the candidates the strict tests keep first, then the rest, larger first', () => {
    const doors = [0, 1, 2].map((k) => boxCandidate(100 + k * 150, 150, 240 + k * 150, 450));
    // A lone region of another colour: no shared finish, a strict test leaves it out.
    const oven = boxCandidate(560, 150, 700, 450, 60);
    const panel = boxCandidate(130, 190, 210, 410);
    const ranked = rankedCandidates([panel, oven, ...doors], SIZE, DETECTION_PARAMETERS, limits);
    expect(ranked.slice(0, 3)).toEqual(expect.arrayContaining(doors));
    expect(ranked.slice(3)).toEqual([oven, panel]);
  });

  it('should leave out strips, what runs out of the picture, tiles and near-duplicates', () => {
    const door = boxCandidate(100, 150, 240, 450);
    const again = boxCandidate(102, 152, 240, 452);
    const strip = boxCandidate(100, 460, 500, 470);
    const wall = boxCandidate(0, 0, 300, 140);
    const tiles = Array.from({ length: 12 }, (_, k) =>
      boxCandidate(
        300 + (k % 6) * 40,
        480 + Math.floor(k / 6) * 20,
        336 + (k % 6) * 40,
        496 + Math.floor(k / 6) * 20,
      ),
    );
    expect(
      rankedCandidates([door, again, strip, wall, ...tiles], SIZE, DETECTION_PARAMETERS, limits),
    ).toEqual([door]);
  });
});

describe('candidateBoxes', () => {
  it('should give each drawn door a box round it in the frame pixels', async () => {
    const cv = await loadOpenCv();
    // A frame 1024 wide: the working picture is 800, so the boxes are scaled back by 1.28.
    const doors = doorRow(3, [128, 192], [179, 384], 192);
    const boxes = candidateBoxes(
      cv,
      drawnPicture(1024, 768, doors),
      DETECTION_PARAMETERS,
      PROMPTED_PARAMETERS,
    );
    for (const door of doors) {
      const box = boxes.find(
        ([x0, y0]) => Math.abs(x0 - door.minX) < 12 && Math.abs(y0 - door.minY) < 12,
      );
      expect(box).toBeDefined();
      expect(box![0]).toBeLessThanOrEqual(door.minX + 2);
      expect(box![2]).toBeGreaterThanOrEqual(door.maxX - 2);
      expect(box![3]).toBeGreaterThanOrEqual(door.maxY - 2);
    }
  });
});
