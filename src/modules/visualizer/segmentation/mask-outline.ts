/**
 * The decoder's mask as one front: the connected region under the tap (or the largest one when
 * the tap fell just outside it), reduced to the four corners every front outline has.
 */
import { CornerTracker, type FrontOutline } from '../rendering/front-outlines.js';
import type { ModelFrame } from './model-frame.js';

/** A region smaller than this share of the photo is a speck, not a front. */
export const MIN_REGION_SHARE = 0.001;
/** A region over half the photo is the wall or the floor, never one front. */
export const MAX_REGION_SHARE = 0.5;

/** Pixels with a logit above zero belong to the mask (the model's own threshold). */
export function binaryMask(logits: Float32Array): Uint8Array {
  const mask = new Uint8Array(logits.length);
  for (let i = 0; i < logits.length; i++) mask[i] = logits[i] > 0 ? 1 : 0;
  return mask;
}

/** Labels each 4-connected region of the mask 1, 2, …; returns the labels and each region's size. */
function labelRegions(mask: Uint8Array, width: number, height: number) {
  const labels = new Int32Array(mask.length);
  const sizes = [0];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = sizes.length;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const at = stack[--top];
      size++;
      const x = at % width;
      const neighbours = [
        x > 0 ? at - 1 : -1,
        x < width - 1 ? at + 1 : -1,
        at >= width ? at - width : -1,
        at < (height - 1) * width ? at + width : -1,
      ];
      for (const next of neighbours) {
        if (next >= 0 && mask[next] && !labels[next]) {
          labels[next] = label;
          stack[top++] = next;
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

export function maskOutline(
  mask: Uint8Array,
  frame: ModelFrame,
  seed: [number, number] | null,
): FrontOutline | null {
  const { width, height } = frame;
  const { labels, sizes } = labelRegions(mask, width, height);
  if (sizes.length === 1) return null;
  const sx = seed ? Math.min(width - 1, Math.max(0, Math.floor(seed[0]))) : -1;
  const sy = seed ? Math.min(height - 1, Math.max(0, Math.floor(seed[1]))) : -1;
  let chosen = seed ? labels[sy * width + sx] : 0;
  if (!chosen) chosen = sizes.indexOf(Math.max(...sizes.slice(1)));
  const share = sizes[chosen] / (width * height);
  if (share < MIN_REGION_SHARE || share > MAX_REGION_SHARE) return null;
  const corners = new CornerTracker();
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] === chosen) corners.add(i % width, Math.floor(i / width));
  }
  return corners.outline(width, height, 0);
}
