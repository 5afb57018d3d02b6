/**
 * Front detection by a promptable segmentation model (docs/decisions, the model-prompted
 * detector): the photo encoded once, the decoder asked at the points of a coarse-to-fine grid,
 * its regions that are front-like kept, then the finish and row stages the edge-based detector
 * shares. The outlines are the same four-cornered ones the correction step and the render take.
 */
import sharp from 'sharp';
import type { RgbImage } from '#src/modules/visualizer/rendering/cabinet-detector.js';
import type { FrontOutline } from '#src/modules/visualizer/rendering/front-outlines.js';
import {
  encoderInput,
  modelFrame,
  type ModelFrame,
  type TapPrompt,
} from '#src/modules/visualizer/segmentation/model-frame.js';
import {
  decodeScored,
  encode,
  type DecodedMask,
} from '#src/modules/visualizer/segmentation/sam-model.js';
import type { Candidate } from '../detection-types.js';
import { distinct, frontRegions, isFrontLike, runsOut } from './front-regions.js';
import { grownRegions, type BoxDecoder } from './grown-regions.js';
import { maskRegion, type MaskRegion } from './mask-region.js';
import { PROMPTED_PARAMETERS, type PromptedParameters } from './prompted-parameters.js';
import { promptedRegions } from './prompted-masks.js';
import { besidePrompts, gridPrompts } from './prompt-points.js';
import { settledFronts } from './settled-fronts.js';

export async function detectPromptedOutlines(
  image: RgbImage,
  parameters: PromptedParameters = PROMPTED_PARAMETERS,
): Promise<FrontOutline[]> {
  return promptedOutlines(await encodedPhoto(image), parameters);
}

/** The photo framed for the model and encoded once, its decoder bound to that embedding. */
export async function encodedPhoto(image: RgbImage): Promise<EncodedPhoto> {
  const { frame, rgb } = await framedPhoto(image);
  const embedding = await encode(encoderInput(rgb, frame));
  return { frame, rgb, decode: (prompt) => decodeScored(embedding, prompt, frame) };
}

/** The photo as the model saw it, and its decoder on the photo's one embedding. */
export interface EncodedPhoto {
  frame: ModelFrame;
  /** The frame's RGB pixels (width × height × 3). */
  rgb: Uint8Array;
  decode: (prompt: TapPrompt) => Promise<DecodedMask>;
}

/** The fronts of a photo already encoded (the embedding the taps use too). */
export async function promptedOutlines(
  photo: EncodedPhoto,
  parameters: PromptedParameters = PROMPTED_PARAMETERS,
): Promise<FrontOutline[]> {
  return (await promptedStages(photo, parameters)).outlines;
}

/** What each stage kept, in order: the detector's answer is the last; the rest tell why. */
export interface PromptedStages {
  /** Every region the decoder answered at the prompt points. */
  regions: MaskRegion[];
  /** Those front-like, repeats left out. */
  fronts: MaskRegion[];
  /** Those grown to their doors. */
  grown: MaskRegion[];
  /** Those not framing another colour (oven glass, window). */
  unframed: MaskRegion[];
  /** Those left after tiles, window panes, finishes and rows. */
  aligned: Candidate[];
  outlines: FrontOutline[];
}

export async function promptedStages(
  { frame, rgb, decode }: EncodedPhoto,
  parameters: PromptedParameters = PROMPTED_PARAMETERS,
): Promise<PromptedStages> {
  const regions = await promptedRegions(
    async (point, outside) =>
      decode({
        points: [
          { ...point, include: true },
          ...outside.map((away) => ({ ...away, include: false })),
        ],
      }),
    frame,
    gridPrompts(frame, parameters.gridLevelsColumnsCount),
    parameters,
    // Wall, ceiling and floor settle however unsure the model is of their outline; a run of
    // units inside the picture does not, so its fronts are asked one by one.
    (region) =>
      isFrontLike(region, frame, parameters) || runsOut(region, frame, parameters.borderMarginPx),
    (region) =>
      isFrontLike(region, frame, parameters)
        ? besidePrompts(region, frame, parameters.besideGapShare)
        : [],
  );
  const isFront = (region: MaskRegion) => isFrontLike(region, frame, parameters);
  const fronts = frontRegions(regions, frame, parameters);
  const grown = distinct(
    await grownRegions(
      fronts.slice(0, parameters.growMaxCount),
      boxDecoder(decode, frame, parameters),
      rgb,
      frame,
      parameters,
      isFront,
    ).then((grownOnes) => [...grownOnes, ...fronts.slice(parameters.growMaxCount)]),
    parameters,
  );
  return {
    regions,
    fronts,
    grown,
    ...settledFronts(grown, [...regions, ...grown], rgb, frame, parameters),
  };
}

/** The decoder asked with a box (frame pixels) and a point inside it, read as a region. */
export function boxDecoder(
  decode: EncodedPhoto['decode'],
  frame: ModelFrame,
  parameters: Pick<PromptedParameters, 'stabilityOffsetLogit'>,
): BoxDecoder {
  return async (box, seed) => {
    const { logits, predictedIou } = await decode({
      points: [{ x: seed[0] / frame.width, y: seed[1] / frame.height, include: true }],
      box: [
        box[0] / frame.width,
        box[1] / frame.height,
        box[2] / frame.width,
        box[3] / frame.height,
      ],
    });
    return maskRegion(logits, frame, seed, predictedIou, parameters.stabilityOffsetLogit);
  };
}

/** The photo as the model sees it: scaled so its long side is the model's. */
export async function framedPhoto(
  image: RgbImage,
): Promise<{ frame: ModelFrame; rgb: Uint8Array }> {
  const frame = modelFrame(image.width, image.height);
  const rgb = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(frame.width, frame.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { frame, rgb };
}
