/**
 * Every tunable number of front detection, in one versioned object. Each name ends in its unit:
 * `Px` pixels of the working picture, `Share` a share (0..1) of what the comment names, `Deg`
 * degrees, `Count` a count. A change of any value is a new `version`, and its figures on the
 * quality bench go into the tuning log beside the bench.
 */
export const DETECTION_PARAMETERS = {
  version: 3,
  /** The picture is scaled to this width before edges are looked for. */
  workingWidthPx: 800,
  /** Local contrast (CLAHE) so the faint gaps of white fronts on a white wall show. */
  claheClipLimit: 2.5,
  claheTilesCount: 8,
  /** Gaussian blur before the edges, against sensor noise and JPEG blocks. */
  blurKernelPx: 5,
  /** Canny's hysteresis thresholds (grey-level gradient) on the contrast-stretched picture. */
  cannyLow: 20,
  cannyHigh: 50,
  /** Edge fragments shorter than this (their box's longer side) are texture, not gaps; 0: all kept. */
  edgeMinLengthPx: 0,
  /** Straight segments (HoughLinesP) drawn into the edges to close their breaks. */
  houghVotesCount: 40,
  houghMinLengthPx: 40,
  houghMaxGapPx: 6,
  /** Segments within this many degrees of level or upright are drawn; others are clutter. */
  segmentSlantMaxDeg: 25,
  /** Edges are thickened by this radius so a region never leaks through a one-pixel break. */
  edgeDilationPx: 1,
  /** approxPolyDP's tolerance, a share of the contour's perimeter. */
  polygonToleranceShare: 0.02,
  /** A region is a quadrilateral when it fills at least this share of its four-cornered hull. */
  quadFillMinShare: 0.82,
  /**
   * The edge and quadrilateral stages run once per level, each a change to these parameters, and
   * their candidates are pooled (edge-levels.ts): the first as set here; the second closes faint
   * gaps (more, shorter, more broken segments drawn in); the third smooths grain and noise away.
   */
  edgeLevels: [
    { edgeMinLengthPx: 15 },
    { houghVotesCount: 20, houghMinLengthPx: 30, houghMaxGapPx: 16 },
    { blurKernelPx: 9, cannyLow: 30, cannyHigh: 70 },
    { blurKernelPx: 13, cannyLow: 40, cannyHigh: 90 },
  ] as readonly Partial<
    Record<
      | 'blurKernelPx'
      | 'cannyLow'
      | 'cannyHigh'
      | 'houghVotesCount'
      | 'houghMinLengthPx'
      | 'houghMaxGapPx'
      | 'edgeMinLengthPx',
      number
    >
  >[],
  /** Two candidates of different levels whose boxes overlap this much (IoU) are one front. */
  sameFrontMinIou: 0.7,
  /** A part of a candidate split by another level is at least this share of it. */
  splitPartMinShare: 0.2,
  /**
   * A panel grown to its door (panel-doors.ts): its frame's outer line is between these shares
   * of the panel's shorter side out from each side, runs along at least frameLineMinShare of
   * the side, and the widest of the four frame widths is at most frameWidthsMaxRatio times the
   * narrowest.
   */
  frameMinShare: 0.18,
  frameMaxShare: 0.45,
  frameLineMinShare: 0.6,
  frameWidthsMaxRatio: 2.5,
  /** Fronts are at least this share of the picture, and at most this share. */
  frontAreaMinShare: 0.0035,
  frontAreaMaxShare: 0.2,
  /** A region within this distance of the picture's border is wall, ceiling or floor. */
  borderMarginPx: 2,
  /** Neither side of a front is shorter than this share of the other (thin strips are gaps). */
  aspectMinShare: 0.12,
  /** Tiles: this many regions or more of one size (within sizeToleranceShare), each this small. */
  tileGroupMinCount: 8,
  tileAreaMaxShare: 0.012,
  sizeToleranceShare: 0.25,
  /** Inside a front at most this share of pixels are edges (more: planks, glass, clutter). */
  interiorEdgeMaxShare: 0.15,
  /** The margin of a front left out when its interior is read, a share of its shorter side. */
  interiorMarginShare: 0.18,
  /** A front's rim and interior are within this distance (Lab units): one finish. */
  rimDistanceMax: 30,
  /** A window pane: at least this bright (grey level) and this much brighter than the fronts. */
  windowMinGrey: 235,
  windowAboveFrontsGrey: 25,
  /**
   * A candidate holding another of a colour farther than rimDistanceMax from its rim, covering
   * at least this share of its area, is a frame (oven door, window), no front.
   */
  framedAreaMinShare: 0.25,
  /** A front's colour is within this distance (Lab units) of another front's finish. */
  finishDistanceMax: 28,
  /** A finish is kept when its fronts cover this share of the largest finish's area. */
  finishAreaMinShare: 0.2,
  /** ... and when it has this many fronts at least (unless it is the largest). */
  finishMembersMinCount: 2,
  /** 1: a second finish is kept only when its fronts (or their stack) stand in a row with another. */
  secondFinishInRow: 1,
  /** Fronts of one row: tops and bottoms within this share of their height. */
  rowAlignShare: 0.12,
  /** Outlines are pushed out by this many working pixels (the edges' own width). */
  outlineGrowPx: 1.5,
} as const;

/** The parameters' shape, any values (a level's change, a trial on the bench). */
export type DetectionParameters = {
  readonly [K in keyof typeof DETECTION_PARAMETERS]: (typeof DETECTION_PARAMETERS)[K] extends number
    ? number
    : (typeof DETECTION_PARAMETERS)[K];
};
