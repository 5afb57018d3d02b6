import { encoderInput, MODEL_SIDE, modelFrame, promptInput, promptSeed } from './model-frame.js';

describe('the model frame', () => {
  it('should scale the longest side to 1024, landscape, portrait and small alike', () => {
    expect(modelFrame(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(modelFrame(3024, 4032)).toEqual({ width: 768, height: 1024 });
    expect(modelFrame(640, 480)).toEqual({ width: 1024, height: 768 });
    expect(modelFrame(16_384, 2)).toEqual({ width: 1024, height: 1 });
  });

  it('should normalise each channel and leave the padding zero', () => {
    const frame = { width: 2, height: 1 };
    const input = encoderInput(Uint8Array.from([123.675, 116.28, 103.53, 255, 0, 255]), frame);
    const plane = MODEL_SIDE * MODEL_SIDE;
    expect(input.length).toBe(3 * plane);
    expect(input[0]).toBeCloseTo((123 - 123.675) / 58.395, 5);
    expect(input[1]).toBeCloseTo((255 - 123.675) / 58.395, 5);
    expect(input[plane + 1]).toBeCloseTo((0 - 116.28) / 57.12, 5);
    expect(input[2 * plane + 1]).toBeCloseTo((255 - 103.53) / 57.375, 5);
    expect(input[2]).toBe(0);
    expect(input[MODEL_SIDE]).toBe(0);
  });

  it('should map shares of the photo into frame pixels and end points with padding', () => {
    const frame = modelFrame(4000, 3000);
    const { coords, labels, count } = promptInput(
      {
        points: [
          { x: 0.5, y: 0.5, include: true },
          { x: 1, y: 0, include: false },
        ],
      },
      frame,
    );
    expect(count).toBe(3);
    expect(Array.from(coords)).toEqual([512, 384, 1024, 0, 0, 0]);
    expect(Array.from(labels)).toEqual([1, 0, -1]);
  });

  it('should give a box as its two corners, ordered, without padding', () => {
    const frame = modelFrame(1000, 500);
    const { coords, labels } = promptInput({ points: [], box: [0.5, 0.75, 0.25, 0.25] }, frame);
    expect(Array.from(coords)).toEqual([256, 128, 512, 384]);
    expect(Array.from(labels)).toEqual([2, 3]);
  });

  it('should seed the region at the first point on the front, else at the box centre', () => {
    const frame = { width: 100, height: 50 };
    expect(
      promptSeed(
        {
          points: [
            { x: 0.9, y: 0.9, include: false },
            { x: 0.2, y: 0.4, include: true },
          ],
        },
        frame,
      ),
    ).toEqual([20, 20]);
    const [x, y] = promptSeed({ points: [], box: [0.2, 0.2, 0.6, 0.4] }, frame)!;
    expect(x).toBeCloseTo(40, 9);
    expect(y).toBeCloseTo(15, 9);
    expect(promptSeed({ points: [{ x: 0.5, y: 0.5, include: false }] }, frame)).toBeNull();
  });
});
