/**
 * Every tunable number of the model-prompted detector, in one versioned object. Each name ends in
 * its unit: `Share` a share (0..1) of what the comment names, `Count` a count, `Px` pixels of the
 * model's frame (the photo scaled so its long side is 1024), `Logit` the decoder's mask logits.
 * A change of any value is a new `version`, with its figures on the quality bench in the decision.
 * Version 4 adds the candidate boxes of the `hybrid` detector (candidate-boxes.ts); what the
 * grid-prompted `sam` detector reads is as in version 3.
 */
export const PROMPTED_PARAMETERS = {
  version: 4,
  /** Prompt points: the cells of grids of these many columns in turn; rows follow the frame's aspect. */
  gridLevelsColumnsCount: [3, 6, 12],
  /** ... and beside each front found, one of its widths and this share of it away, left and right. */
  besideGapShare: 0.1,
  /** At most this many point prompts per photo (each 50-100 ms on two cores; one more per front to grow it). */
  maxPromptsCount: 24,
  /** A region too large for a front is asked again with four points this far round it (a share of the width) marked not on it. */
  outsideDistanceShare: 0.1,
  /** A mask is kept when the model's own IoU estimate is at least this. */
  predictedIouMinShare: 0.8,
  /** Stability: the mask's area at +offset over its area at −offset (SAM's own measure). */
  stabilityOffsetLogit: 1,
  stabilityMinShare: 0.85,
  /** A front is at least this share of the frame, and at most this share. */
  frontAreaMinShare: 0.002,
  frontAreaMaxShare: 0.25,
  /** A front fills at least this share of its four-cornered outline (a wall's or a plant's does not). */
  quadFillMinShare: 0.88,
  /** ... and at most this share: more, and its four corners miss much of it (not four-cornered). */
  quadFillMaxShare: 1.12,
  /** A front is at most this share of the frame's width (a backsplash or a worktop runs wider). */
  frontWidthMaxShare: 0.5,
  /** Neither side shorter than this share of the other (gaps, plinths, worktop edges are strips). */
  aspectMinShare: 0.18,
  /** A region within this distance of the frame's border is wall, ceiling or floor. */
  borderMarginPx: 3,
  /** Two masks overlapping this much (intersection over union) are one front, the better one kept. */
  duplicateIouShare: 0.5,
  /** A mask this much inside a larger kept one is its panel, handle or a part of it. */
  containedShare: 0.8,
  /** At most this many fronts are grown to their doors (one decoder run each; 0: none). */
  growMaxCount: 16,
  /** A front's region grown to its door: asked again with a box this share larger each side. */
  growMarginShare: 0.35,
  /** The door is at least this many times the region's area (its rim; the box bounds it above). */
  growAreaMinRatio: 1.1,
  /** ... keeps this far inside the box (one cut by its side is two fronts run together) ... */
  growInsideBoxPx: 2,
  /** ... and its rim is of the region's colour, within this distance (Lab units). */
  growRimDistanceMax: 30,
  /** A frame: it holds a region this share of its area or more, this far off in colour (Lab). */
  framedAreaMinShare: 0.2,
  framedDistanceMin: 30,
  /** Tiles: this many regions or more of one size (within sizeToleranceShare), each this small. */
  tileGroupMinCount: 6,
  tileAreaMaxShare: 0.012,
  sizeToleranceShare: 0.25,
  /**
   * A window pane: at least this bright (grey level) and this much brighter than the fronts.
   * Version 4: 215 (was 235); the candidate boxes ask the panes of a window between wall units,
   * a pale sky of grey 226 on the site photos.
   */
  windowMinGrey: 215,
  windowAboveFrontsGrey: 25,
  /** Finish grouping (Lab units of OpenCV's 8-bit scaling), as in the edge-based detector. */
  finishDistanceMax: 28,
  finishAreaMinShare: 0.2,
  finishMembersMinCount: 2,
  /** 0: a second finish need not stand in a row (the edge detector's row test, not measured here). */
  secondFinishInRow: 0,
  /** Fronts of one row: tops and bottoms within this share of their height. */
  rowAlignShare: 0.12,
  /** Hybrid (`detect-hybrid.ts`): at most this many candidates asked as boxes (one decoder run each). */
  maxBoxPromptsCount: 16,
  /** Hybrid: a candidate's box is pushed out by this share of its width and height each side. */
  boxMarginShare: 0.02,
  /** Hybrid: two candidate boxes overlapping this much (IoU) are one, the first in rank kept. */
  sameBoxMinIou: 0.6,
  /** Outlines are pushed out by this many frame pixels (the mask's edge is a pixel inside). */
  outlineGrowPx: 1,
} as const;

/** The parameters' shape, any values (a trial on the bench). */
export type PromptedParameters = {
  readonly [K in keyof typeof PROMPTED_PARAMETERS]: (typeof PROMPTED_PARAMETERS)[K] extends number
    ? number
    : (typeof PROMPTED_PARAMETERS)[K];
};
