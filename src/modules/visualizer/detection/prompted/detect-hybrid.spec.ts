import { drawnPicture } from '#test/support/drawn-fronts.js';
import type { TapPrompt } from '#src/modules/visualizer/segmentation/model-frame.js';
import { hybridStages } from './detect-hybrid.js';

const frame = { width: 1024, height: 768 };
const doors = [0, 1, 2, 3].map((k) => ({
  minX: 128 + k * 192,
  minY: 192,
  maxX: 307 + k * 192,
  maxY: 576,
  rgb: [240, 240, 236] as [number, number, number],
}));

/** A made-up model: the drawn door under the prompt's point, else nothing. */
function decode(prompt: TapPrompt) {
  const [x, y] = [prompt.points[0].x * frame.width, prompt.points[0].y * frame.height];
  const door = doors.find((d) => x > d.minX && x < d.maxX && y > d.minY && y < d.maxY);
  const logits = new Float32Array(frame.width * frame.height).fill(-4);
  if (door) {
    for (let row = door.minY + 1; row < door.maxY; row++) {
      logits.fill(4, row * frame.width + door.minX + 1, row * frame.width + door.maxX);
    }
  }
  return Promise.resolve({ logits, predictedIou: 0.95 });
}

describe('hybridStages', () => {
  it('should ask each drawn door once as a box and outline it', async () => {
    const prompts: TapPrompt[] = [];
    const stages = await hybridStages({
      frame,
      rgb: drawnPicture(frame.width, frame.height, doors).data,
      decode: (prompt) => {
        prompts.push(prompt);
        return decode(prompt);
      },
    });
    expect(prompts.every((prompt) => prompt.box && prompt.points.length === 1)).toBe(true);
    expect(stages.boxRuns).toBe(prompts.length);
    expect(stages.outlines).toHaveLength(doors.length);
    for (const door of doors) {
      const near = stages.outlines.some(
        ([[x, y]]) =>
          Math.abs(x * frame.width - door.minX) < 4 && Math.abs(y * frame.height - door.minY) < 4,
      );
      expect(near).toBe(true);
    }
  });
});
