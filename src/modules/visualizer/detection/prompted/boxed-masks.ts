/**
 * Stage 2 of the box-prompted (`hybrid`) detector: the decoder asked once per candidate box, with
 * the box's centre as a point on the front, in rank order. A box whose centre lies in a region
 * already settled (a front answered before it: a door settles its panel's place) costs no run;
 * at most `maxBoxPromptsCount` runs a photo (50-100 ms each on two cores; the exported decoder
 * takes one prompt per run).
 */
import type { BoxPrompt } from './candidate-boxes.js';
import type { BoxDecoder } from './grown-regions.js';
import type { MaskRegion } from './mask-region.js';

export interface BoxedRegions {
  regions: MaskRegion[];
  /** Decoder runs made. */
  runs: number;
}

export async function boxedRegions(
  decodeBox: BoxDecoder,
  boxes: readonly BoxPrompt[],
  size: { width: number; height: number },
  maxBoxPromptsCount: number,
  settles: (region: MaskRegion) => boolean,
): Promise<BoxedRegions> {
  const settled = new Uint8Array(size.width * size.height);
  const regions: MaskRegion[] = [];
  let runs = 0;
  for (const box of boxes) {
    if (runs >= maxBoxPromptsCount) break;
    const seed = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] as const;
    const at = Math.floor(seed[1]) * size.width + Math.floor(seed[0]);
    if (settled[at]) continue;
    runs++;
    const region = await decodeBox(box, seed);
    if (!region) continue;
    regions.push(region);
    if (settles(region)) for (const i of region.pixels) settled[i] = 1;
  }
  return { regions, runs };
}
