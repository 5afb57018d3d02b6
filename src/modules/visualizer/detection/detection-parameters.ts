/**
 * Every tunable number of front detection, in one versioned object. Each name ends in its unit:
 * `Px` pixels of the working picture, `Share` a share (0..1) of what the comment names, `Deg`
 * degrees, `Count` a count. A change of any value is a new `version`, and its figures on the
 * quality bench go into the tuning log beside the bench.
 */
export const DETECTION_PARAMETERS = {
  version: 1,
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
  /** A front's colour is within this distance (Lab units) of another front's finish. */
  finishDistanceMax: 28,
  /** A finish is kept when its fronts cover this share of the largest finish's area. */
  finishAreaMinShare: 0.2,
  /** ... and when it has this many fronts at least (unless it is the largest). */
  finishMembersMinCount: 2,
  /** Fronts of one row: tops and bottoms within this share of their height. */
  rowAlignShare: 0.12,
  /** Outlines are pushed out by this many working pixels (the edges' own width). */
  outlineGrowPx: 1.5,
} as const;

export type DetectionParameters = typeof DETECTION_PARAMETERS;
