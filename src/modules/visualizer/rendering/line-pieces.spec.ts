import { labelBetweenBoundaries } from './line-pieces.js';

/** The labelling as defined: a flood from each piece's first pixel in reading order. */
function floodLabels(boundary: Uint8Array, width: number, height: number): Int32Array {
  const labels = new Int32Array(width * height).fill(-2);
  for (let start = 0; start < labels.length; start++) {
    if (boundary[start]) labels[start] = -1;
    if (labels[start] !== -2) continue;
    const stack = [start];
    labels[start] = start;
    while (stack.length) {
      const i = stack.pop()!;
      const [x, y] = [i % width, Math.floor(i / width)];
      const next = [
        x > 0 ? i - 1 : -1,
        x + 1 < width ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y + 1 < height ? i + width : -1,
      ];
      for (const j of next) {
        if (j < 0 || boundary[j] || labels[j] !== -2) continue;
        labels[j] = start;
        stack.push(j);
      }
    }
  }
  return labels;
}

/** Lines at random, `density` of the pixels (a fixed sequence, the same every run). */
function randomLines(width: number, height: number, density: number, seed: number): Uint8Array {
  let state = seed;
  return Uint8Array.from({ length: width * height }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 < density ? 1 : 0;
  });
}

describe('labelBetweenBoundaries', () => {
  it('should label each piece by its first pixel in reading order, lines -1', () => {
    // A U-shaped piece whose arms are joined only at the bottom row, and a piece in its bay:
    // the right arm's first pixel comes after the bay's, and still takes the left arm's label.
    const rows = ['.#.#.', '.#.#.', '.###.', '.....'];
    const width = 5;
    const boundary = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0));
    expect([...labelBetweenBoundaries(boundary, width, rows.length)]).toEqual([
      0, -1, 2, -1, 0, 0, -1, 2, -1, 0, 0, -1, -1, -1, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('should keep pieces that only touch at a corner apart (4-connected)', () => {
    const boundary = Uint8Array.from([0, 1, 1, 0]);
    expect([...labelBetweenBoundaries(boundary, 2, 2)]).toEqual([0, -1, -1, 3]);
  });

  it('should label as a flood does over lines of every density, pieces winding and all', () => {
    for (const [width, height] of [
      [1, 7],
      [7, 1],
      [31, 17],
      [64, 48],
    ]) {
      for (const density of [0, 0.2, 0.45, 0.6, 1]) {
        const boundary = randomLines(width, height, density, width * 31 + height);
        expect(labelBetweenBoundaries(boundary, width, height)).toEqual(
          floodLabels(boundary, width, height),
        );
      }
    }
  });
});
