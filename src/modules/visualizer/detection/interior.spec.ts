import { DETECTION_PARAMETERS } from './detection-parameters.js';
import type { Quad, WorkingPicture } from './detection-types.js';
import { readCandidates } from './interior.js';

describe('readCandidates', () => {
  it("should read a region's interior without its rim: its edge share, grey and colour", () => {
    const [width, height] = [100, 100];
    const grey = new Uint8Array(width * height).fill(180);
    const lab = new Uint8Array(width * height * 3).fill(128);
    const edges = new Uint8Array(width * height);
    // The rim is edges; one line of edges crosses the interior.
    for (let i = 10; i <= 90; i++) {
      edges[10 * width + i] =
        edges[90 * width + i] =
        edges[i * width + 10] =
        edges[i * width + 90] =
          255;
      edges[50 * width + i] = 255;
    }
    const picture: WorkingPicture = { width, height, scale: 1, grey, lab };
    const quad: Quad = [
      [10, 10],
      [90, 10],
      [90, 90],
      [10, 90],
    ];
    const [candidate] = readCandidates(
      [quad],
      picture,
      { width, height, edges, segments: [] },
      DETECTION_PARAMETERS,
    );
    // An 18 % margin of 80 px, rounded: the interior is 24..76, 53 px square, one row of it edges.
    expect(candidate.edgeShare).toBeCloseTo(1 / 53, 4);
    expect(candidate.grey).toBe(180);
    expect(candidate.lab).toEqual([128, 128, 128]);
    expect(candidate.area).toBe(6400);
  });
});
