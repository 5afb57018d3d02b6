/**
 * Finds cabinet fronts in a kitchen photo at analysis resolution (about 1 MP).
 *
 * A front is a door-shaped region bounded by lines: the gaps between fronts (thin and darker
 * than both sides, faint as they are on a white kitchen), sharp steps in brightness or colour.
 * Not the colour contrast with the wall: white fronts on a white wall have none. The regions
 * between those lines are kept when they are front-like: nearly rectangular (a quadrilateral
 * seen at an angle still fills most of its box), sized like a door or drawer, in sets of the
 * same finish that line up in rows or stacks. Grooved fronts and drawer stacks come apart into
 * strips and are joined again. Walls and floors run off the picture or are too big; worktops,
 * plinths and tiles have the wrong size or shape; daylight through a window is overexposed;
 * brushed steel is streaked and its doors never stand in a row; an oven's glass is a dark hole in its door.
 */

import {
  applianceStacks,
  dropFronts,
  frontsOnAppliances,
  ownFinishColumns,
  type StackRule,
} from './appliance-stacks.js';
import { heightAt, heightFalloff } from './run-perspective.js';
import { DARK_LUMINANCE, darkMeans, withDarkLines } from './dark-lines.js';
import { CornerTracker, type FrontOutline, type Point } from './front-outlines.js';
import {
  doorsAroundPanelRows,
  isPlainPanel,
  MIN_BROKEN_SHARE,
  panelCorners,
  panelsApart,
  sideLinesThroughHoles,
  type PanelCorner,
  type PanelDoor,
} from './panel-rows.js';
import { endsLined, isPanelFront, lineAcross, sidesLined } from './found-panels.js';
import { drawnToLines, isGrainedPairPanel } from './grained-pairs.js';
import { doorsToRowHeight } from './row-heights.js';
import { doorsAlongPanelRows, hiddenShare, medianColour, type RowDoor } from './row-panels.js';
import { LastMeasure } from './last-measure.js';
import { labelBetweenBoundaries } from './line-pieces.js';
import { median, nthSmallest } from './numbers.js';
import {
  levelLineRows,
  SAME_LINE,
  verticalSegments,
  withEndSides,
  withRowEnds,
  type LineRow,
} from './row-ends.js';
import { gapsAndGrooves, withoutGrooves } from './groove-gaps.js';
import { paintFrontsBehind, type BehindRules } from './fronts-behind.js';
import {
  bandBox,
  distinctRows,
  floodFrom,
  heightOnLine,
  labelsTouching,
  lineOver,
  uncoveredStretches,
  withinBand,
  type FrontRow,
} from './row-bands.js';
import { findStraightGaps } from './straight-gaps.js';
import { withoutGrain } from './grain-cuts.js';
import {
  grainedDrawerColumns,
  inRowWithColumn,
  slantRow,
  type DrawerColumn,
} from './grained-drawers.js';
import { isDoorSized, MIN_DOOR_ASPECT } from './door-shape.js';
import { frontsOnTheFloor } from './floor-fronts.js';
import { fillsGrainedPiece, onRowLines, stripsOfGrainedDoors } from './grained-doors.js';
import { edgesAt, neighbourDoors } from './neighbour-doors.js';
import { outlineSlant } from './outline-slant.js';
import { closedNotches } from './front-notches.js';
import { joinAcrossGrooves, linedUpAcrossGroove, runningSpan } from './grooves.js';
import type { Box } from './box.js';
import { doorInRoom } from './row-holes.js';
import { pairedBeside, unitsOf } from './unit-ends.js';
import { sidesWhereLinesEnd, standsAtSide, withSides } from './line-ends.js';
import { gapLinesAcross } from './across-gaps.js';
import { logLightAt } from './log-light.js';
import { doorsOnRowLines, rowsOfTwo, type RefusedDoor } from './row-lines-on.js';
import { gripGaps, inGripPiece } from './grip-gaps.js';
import {
  grooveSpacing,
  grooveThickness,
  linesAcross,
  rowBand,
  STRIP_FINISH_SHARE,
  walkStrips,
} from './groove-strips.js';

// Bound once: global lookups are slow inside pixel loops when run in a vm context (tests).
const { abs, ceil, floor, hypot, max, min, round } = Math;

export interface RgbImage {
  width: number;
  height: number;
  /** Interleaved RGB. */
  data: Uint8Array;
}

export interface CabinetDetection {
  /** 255 on cabinet fronts, 0 elsewhere, at the analysis resolution. */
  mask: Uint8Array;
  /**
   * On the fronts: the mean luminance of that front's finish (all fronts of one colour), so
   * light can be told apart from paint: a white upper row and a dark lower row keep their
   * light but lose their own brightness. 0 elsewhere.
   */
  finishLuminance: Uint8Array;
  /** On the fronts: 1 + the index of the front's outline; 0 elsewhere. */
  frontIndex: Uint16Array;
  fronts: number;
  /** Each front's outline, for the visitor to check and correct. */
  outlines: FrontOutline[];
  /** Median front width in analysis pixels (sizes the pattern). */
  medianFrontWidth: number;
}

/** Added to brightness before its logarithm, so the noise in near-black fronts is no edge. */
const LIGHT_OFFSET = 16;
/** A gap is at least this much darker (log brightness) than both sides, within GAP_REACH px. */
const GAP_DEPTH = 0.09;
const GAP_REACH = 3;
/**
 * Noise level (see `noiseLevel`) up to which a picture is clean: a render or a photo scaled far
 * down. A photo's sensor noise and JPEG artefacts measure from twice that up.
 */
const CLEAN_NOISE = 0.25;
/** A sharp step in log brightness or in colour between the pixels either side. */
const STEP = 0.12;
const COLOUR_STEP = 0.12;
/** Line thresholds tried in turn (as factors) until a pass finds CONFIDENT_FRONTS fronts. */
const SENSITIVITIES = [1, 0.6, 0.4];
const FINEST = SENSITIVITIES[SENSITIVITIES.length - 1];
const CONFIDENT_FRONTS = 6;
/**
 * Wall units over a lower run make a dozen fronts or more; with fewer found, the faint straight
 * lines may still close some (test/bench/visualizer-tuning-log.md#0056).
 */
const WHOLE_KITCHEN_FRONTS = 12;
/** A front the finer lines add may share this much with fronts already found (their rims). */
const MAX_ADDED_OVERLAP = 0.05;
/**
 * A front found once a row's lines are drawn on counts only when each of those lines already ran
 * along this share of its width (within LINE_REACH px of where it should be).
 */
const MIN_LINE_EVIDENCE = 0.5;
const LINE_REACH = 3;
/** Pixels of rim given back to each front: one of boundary thickening and one of blur. */
const RIM = 2;
/** Colour is measured relative to brightness; in near-black, JPEG's colour noise would win. */
const CHROMA_OFFSET = 64;
/** Stacked strips of a grooved front or a drawer stack are at least half as wide as tall. */
const STRIP_ASPECT = 0.5;
const MIN_STRIP_PIXELS = 400;
const MAX_GROOVE = 10;
/** How far a groove may slant across a strip's width in an angled photo. */
const MAX_GROOVE_SLANT = 0.15;
const MIN_STRIP_OVERLAP = 0.75;
const MIN_AREA_FRACTION = 0.002;
const MAX_AREA_FRACTION = 0.1;
const MIN_FILL_RATIO = 0.8;
const MAX_ASPECT = 5;
/** Shortest side of a front as a share of the picture height: floor planks and tiles are thinner. */
const MIN_SIDE_FRACTION = 0.05;
/**
 * A set's members are similar in size; anything much larger (a fridge door) is not a front
 * unless it stands in a row of them (a wide drawer stack).
 */
const MAX_AREA_TO_MEDIAN = 2.4;
/** Doors of a pair differ this much in width at most (a share of the wider). */
const TWIN_WIDTH = 0.1;
/** How much taller than any front a fridge door stands. */
const TALLER = 1.2;
/** How much taller than any front a fridge-freezer's two doors stand together. */
const COLUMN_TALLER = 1.5;
/** Handles and knobs make small holes; an oven's glass door makes a big one. */
const MAX_HOLE_FRACTION = 0.15;
/** A framed front's recessed panel is lit as its frame, give or take the panel's shading. */
const MAX_PANEL_LIGHT_RATIO = 1.2;
const OVEREXPOSED_LUMINANCE = 238;
const MAX_LIGHT_RATIO = 1.45;
/** Deep shade across part of a run: darker than that is no front (an oven's glass). */
const MAX_SHADE_RATIO = 3;
const SAME_HUE_DISTANCE = 0.025;
/** A pixel this far in hue from its region's median is of another colour (hills in a window). */
const OTHER_HUE = 0.08;
const MAX_OTHER_HUE_SHARE = 0.1;
const MIN_SET_SIZE = 2;
/** A front between a row's lines is at most this many times as wide as they usually stand apart. */
const SAME_SPACING = 1.5;
/** Brushed steel (appliances) is grey and streaked along one axis; painted fronts are not. */
const METAL_MAX_SATURATION = 0.08;
const METAL_MIN_ANISOTROPY = 2;
/** A streak is a second difference of at least this much; most of a steel door has one. */
const METAL_STREAK = 6;
const METAL_MIN_STREAKED = 0.2;
/**
 * Fronts stand in rows (same top and bottom) or stacks (same left and right); a freezer door
 * over a fridge door or an oven's control strip lines up with nothing of its finish.
 */
const ALIGNMENT_TOLERANCE = 0.015;

/** How far apart (pixels) edges may lie and still line up, in a picture `height` pixels tall. */
function alignmentTolerance(height: number): number {
  return max(3, ALIGNMENT_TOLERANCE * height);
}

type FrontMaps = Pick<CabinetDetection, 'finishLuminance' | 'frontIndex'>;

interface Region {
  label: number;
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  r: number;
  g: number;
  b: number;
  bordersTouched: number;
  /** Grooves or gaps between strips joined into this region: boundary pixels that belong to it. */
  seam?: Set<number>;
}

interface Colour {
  r: number;
  g: number;
  b: number;
}

/**
 * `photo` is the picture `image` was scaled up from, if it was: scaling up smooths, so the noise
 * is measured on the photo as it came.
 */
export function detectCabinetFronts(image: RgbImage, photo: RgbImage = image): CabinetDetection {
  try {
    return findCabinetFronts(image, photo);
  } finally {
    lastFrontBoxes.forget();
    floodStack = new Int32Array(0);
  }
}

/**
 * Handleless doors whose lit gaps are lost under noise and grain, beside a wall of their
 * brightness: each gap still breaks the doors' grip line. Where the first pass found too few
 * fronts for a run and such gaps are found, the fronts are looked for again with the gaps and the
 * run's sides drawn in on every pass, the doors between them needing no partner; whichever of the
 * two covers more is kept (test/bench/visualizer-tuning-log.md#0101).
 */
function findCabinetFronts(image: RgbImage, photo: RgbImage): CabinetDetection {
  const lines = passLines(image, photo);
  const { detection, grip } = findFronts(image, photo, lines);
  if (!grip) return detection;
  const withGrip = findFronts(image, photo, lines, grip).detection;
  return coveredArea(withGrip) > coveredArea(detection) ? withGrip : detection;
}

/** The gaps drawn where they break a grip line, and whether a region is a door between them. */
interface GripDoors {
  lines: Uint8Array;
  inPiece: (region: Box) => boolean;
}

/**
 * The fronts found, and the grip lines' gaps (when `grip` is not given, the first pass found too
 * few fronts and some were found); with `grip`, its lines drawn on every pass's.
 */
/**
 * The smoothed picture, every pass's lines as first found and the grained drawer columns (read on
 * the picture alone): both detections read the same.
 */
interface PassLines {
  smooth: Uint8Array;
  asFound: Map<number, Uint8Array>;
  drawerColumns: DrawerColumn[];
}

function passLines(image: RgbImage, photo: RgbImage): PassLines {
  // Smoothing takes sensor noise out, but it also washes out the one-pixel gaps of a clean
  // picture (a render, a photo scaled far down): those are read as they are.
  const clean = noiseLevel(photo) <= CLEAN_NOISE;
  const smooth = clean ? image.data : boxBlur3(image);
  const features = lineFeatures(smooth, image.width * image.height);
  // On near-black fronts in a noisy photo the lines are found on means along them instead.
  const dark = darkMeans(smooth, image.width, image.height, noiseLevel(photo, DARK_LUMINANCE));
  // Every pass's lines are found in one reading of the features (all of them are needed).
  const passes = { sensitivities: SENSITIVITIES, lightGaps: clean };
  const asFound = new Map<number, Uint8Array>();
  findBoundaries(features, image.width, image.height, passes).forEach((lines, k) =>
    asFound.set(SENSITIVITIES[k], withDarkLines(lines, dark, SENSITIVITIES[k])),
  );
  const drawerColumns = grainedDrawerColumns(smooth, image.width, image.height);
  return { smooth, asFound, drawerColumns };
}

function findFronts(
  image: RgbImage,
  photo: RgbImage,
  { smooth, asFound, drawerColumns }: PassLines,
  grip?: GripDoors,
): { detection: CabinetDetection; grip?: GripDoors } {
  // Every pass is run once; the finest one's lines are drawn on again afterwards. Lines drawn in
  // replace a pass's lines with a copy, so the lines as found stay as they are for a second look.
  const boundaries = new Map(asFound);
  const shortestSide = round(MIN_SIDE_FRACTION * image.height);
  const boundariesAt = (sensitivity: number) => boundaries.get(sensitivity)!;
  // What the first pass took for an appliance stays one, whatever a later step makes of it; finer
  // lines can close shaded doors into a block that passes for one.
  const appliances: Box[] = [];
  // Doors grooved across whose gaps show in pieces run together into regions too wide for a
  // front: the first pass's such regions part at their gaps, drawn on for every pass
  // (test/bench/visualizer-tuning-log.md#0077). Where none parts, that pass is the first.
  const unplaced: Box[] = [];
  const firstLines = boundariesAt(SENSITIVITIES[0]);
  let firstPass: CabinetDetection | null = detectWithLines(image, smooth, firstLines, {
    appliances,
    unplaced,
    keepRefused: true,
  });
  const across = gapLinesAcross(
    unplaced,
    (x, y) => logLightAt(smooth, (y * image.width + x) * 3),
    (x, y) => firstLines[y * image.width + x] > 0,
    shortestSide,
    image.width,
    image.height,
  );
  if (across) {
    for (const [sensitivity, lines] of boundaries)
      boundaries.set(sensitivity, withLines(lines, across));
    appliances.length = 0;
    firstPass = null;
  }
  let gripFound: GripDoors | undefined;
  if (grip) {
    for (const [sensitivity, lines] of boundaries)
      boundaries.set(sensitivity, withLines(lines, grip.lines));
    appliances.length = 0;
    firstPass = null;
  } else if (firstPass && firstPass.fronts < CONFIDENT_FRONTS) {
    const { tolerance, shortestSide: side } = rowMeasures(image.height);
    const found = gripGaps(
      (x, y) => logLightAt(smooth, (y * image.width + x) * 3),
      (x, y) => firstLines[y * image.width + x] > 0,
      image.width,
      image.height,
      { tolerance, shortestSide: side },
    );
    if (found) {
      const inPiece = (region: Box) => inGripPiece(region, found.pieces, tolerance + RIM);
      gripFound = { lines: found.lines, inPiece };
    }
  }
  const detectAt = (sensitivity: number, straight?: Uint8Array) => {
    if (sensitivity === SENSITIVITIES[0] && !straight && firstPass) {
      const found = firstPass;
      firstPass = null;
      return found;
    }
    return detectWithLines(image, smooth, withLines(boundariesAt(sensitivity), straight), {
      appliances: sensitivity === SENSITIVITIES[0] && !straight ? appliances : undefined,
      keepRefused: !straight,
      trusted: grip?.inPiece,
    });
  };
  // Faint gaps (a soft-lit white kitchen, a small photo) need finer lines; they are looked for
  // only when the usual ones found too few fronts, as finer lines also find more that is not.
  const passes = () => {
    let best: CabinetDetection | null = null;
    const tried: CabinetDetection[] = [];
    for (const sensitivity of SENSITIVITIES) {
      const found = detectAt(sensitivity);
      tried.push(found);
      if (!best || coveredArea(found) > coveredArea(best)) best = found;
      if (best.fronts >= CONFIDENT_FRONTS) break;
    }
    // Grain or noise cuts some doors apart at one sensitivity and others at the next: the doors
    // each pass tried found that line up with the best one's are its too.
    const kept = bestOfEvery(tried, image);
    // A door whose faint gap to the wall let it run into the wall is found by the finer lines
    // alone; it is trusted when it lines up with the fronts found already.
    const every = [...tried];
    for (const sensitivity of SENSITIVITIES.slice(tried.length)) {
      const found = detectAt(sensitivity);
      every.push(found);
      addAlignedFronts(kept, found, image);
    }
    // A door some pass closed whole and refused for want of a partner, on the lines of a row
    // kept run on (test/bench/visualizer-tuning-log.md#0099).
    addRefusedOnRowLines(kept, every, image);
    return kept;
  };
  const finest = boundariesAt(FINEST);
  // Grain streaks run together into blobs at the finer sensitivities; apart, they are lines.
  const grained = grainedRowFronts(firstLines, image, smooth);
  const drawers = grainedDrawerFronts(firstLines, image, smooth, drawerColumns);
  // The same for every completion: the coarsest lines' panel L's, read once where asked for.
  let coarsePanels: PanelCorner[] | undefined;
  const completed = (found: CabinetDetection, lines: Uint8Array, straight?: Uint8Array) => {
    const fromPasses = found.fronts;
    if (grained) {
      // The row's fronts passed the tests of a set of fronts on their own: a dark grained run may
      // be all there is, with nothing found before to line up with. A grained door found whole
      // takes the place of the strips the passes cut it into.
      const doors = frontBoxes(grained.fronts, image).filter(grained.inGrainedPiece);
      const tolerance = alignmentTolerance(image.height);
      dropFronts(found, stripsOfGrainedDoors(frontBoxes(found, image), doors, tolerance));
      // A door level with a grained door found holds no streak of its own, yet is one of its row
      // (test/bench/visualizer-tuning-log.md#0078); seen at an angle, its
      // top and bottom run on along the grained door's slanted lines, or the door's along its
      // (test/bench/visualizer-tuning-log.md#0097).
      const level = (a: Box, b: Box) =>
        abs(a.minY - b.minY) <= tolerance && abs(a.maxY - b.maxY) <= tolerance;
      const corners = (box: FrontBox) =>
        cornerPixels(grained.fronts.outlines[box.front - 1], image.width, image.height);
      const inRow = (box: FrontBox, door: FrontBox) =>
        level(box, door) || onRowLines(corners(box), corners(door), tolerance);
      addAlignedFronts(
        found,
        grained.fronts,
        image,
        (box) => grained.inGrainedPiece(box) || doors.some((door) => inRow(box, door)),
        true,
      );
    }
    completeRowLines(found, lines, image, smooth);
    // A side line read down one column ends at a hole a handle on it leaves; where the panel
    // beside bears out that it goes on, it is read on through
    // (test/bench/visualizer-tuning-log.md#0093).
    const panels = sideLinesThroughHoles(
      panelCorners(lines, image.width, image.height, shortestSide),
      lines,
      image.width,
      image.height,
      alignmentTolerance(image.height),
    );
    addFramedDoors(found, lines, panels, image);
    addPanelRowDoors(found, lines, panels, image, firstLines);
    // Grain breaks a panel's L's into many at the finest lines; the coarsest show each panel's L
    // whole, its top line slanting at an angle
    // (test/bench/visualizer-tuning-log.md#0089).
    coarsePanels ??= panelCorners(firstLines, image.width, image.height, shortestSide, true);
    addPanelRowDoors(found, lines, coarsePanels, image, firstLines, true);
    // After the framed doors: those take a shaker door's outline from its panel, more closely than
    // a row's lines drawn on do. Grooves and grain are lines at the finest sensitivity and cut a
    // row's doors into pieces there; the coarser passes' lines show the same row's doors whole.
    for (const sensitivity of [...SENSITIVITIES].reverse()) {
      const rowLines =
        sensitivity === FINEST ? lines : withLines(boundariesAt(sensitivity), straight);
      completeRowEnds(found, rowLines, image, smooth);
    }
    if (found.fronts > fromPasses) leaveOutAppliances(found, image);
    leaveOutOwnFinishAppliances(found, image);
    paintFrontsBehind(found, lines, image, behindRules(image.height));
    fillHiddenRowParts(found, lines, image, smooth);
    // After those: a row of drawers is no row whose stretches between fronts are doors behind a
    // thing in front (an oven beside the drawers stands on the floor as a pot does).
    if (drawers) {
      const { inColumn, inRow } = drawers;
      addAlignedFronts(found, drawers.fronts, image, (box) => inColumn(box) || inRow(box), true);
    }
    dropFronts(found, frontsOnTheFloor(frontBoxes(found, image), alignmentTolerance(image.height)));
    if (appliances.length) {
      dropFronts(found, frontsOnAppliances(frontBoxes(found, image), appliances));
    }
    // Last, beside the fronts kept: no floor plank or appliance is one to look beyond.
    addDoorsWhereLinesEnd(found, lines, image, smooth);
    // A grooved door found down to one of its grooves goes on at their spacing
    // (test/bench/visualizer-tuning-log.md#0095).
    extendGroovedDoors(found, lines, image, smooth);
    return found;
  };
  const best = completed(passes(), finest);
  // Last, once the passes are compared by what they found on their own: a door beside a door
  // found, where grain cut it into strips at every pass.
  const withNeighbourDoors = (found: CabinetDetection) => {
    addNeighbourDoors(found, finest, image, smooth);
    return { detection: found, grip: gripFound };
  };
  // A one-pixel gap or a door's edge a few per cent apart from its sides is lost pixel by pixel
  // under noise (and on a white wall in a clean picture); it still shows as a long straight
  // line. Where the lines found do, wood grain would show as lines as well.
  // Scaled up for analysis, a small photo's sharp step is spread over as many pixels.
  const straightGaps = () =>
    findStraightGaps(image, finest, max(1, round(image.width / photo.width)));
  // The second look along a grip line's gaps has the lines the straight lines would add.
  if (best.fronts >= WHOLE_KITCHEN_FRONTS || grip) return withNeighbourDoors(best);
  const straight = straightGaps();
  const withStraight = SENSITIVITIES.map((sensitivity) => detectAt(sensitivity, straight));
  if (best.fronts >= CONFIDENT_FRONTS) {
    // Enough fronts for a run, too few for a kitchen: a pair of wall units whose outline a gloss
    // highlight breaks for a few pixels is closed by the straight lines.
    const before = best.fronts;
    for (const found of withStraight) addLinedUpWithinRun(best, found, image);
    if (best.fronts > before) leaveOutAppliances(best, image);
    // Unless the fronts found are pieces of doors the straight lines show whole, in the room a door
    // would take in a row (test/bench/visualizer-tuning-log.md#0079).
    const known = frontBoxes(best, image);
    const inRoom = (found: CabinetDetection) =>
      doorInRoom(known, frontBoxes(found, image), (a, b) => sameFinish(a, b));
    if (!withStraight.some(inRoom)) return withNeighbourDoors(best);
  }
  const found = completed(bestOfEvery(withStraight, image), withLines(finest, straight), straight);
  return withNeighbourDoors(coveredArea(found) > coveredArea(best) ? found : best);
}

/** What tells the doors behind a thing in front of a run from the thing, by this detector's measures. */
export function behindRules(height: number): BehindRules {
  return {
    tolerance: alignmentTolerance(height),
    minCrossing: round(MIN_SIDE_FRACTION * height),
    ofFinish: (pixel, finish) => sameFinish(pixel, finish, MAX_SHADE_RATIO),
    oneSurface: (a, b) => sameFinish(a, b),
    overexposed: (colour) => luminanceOf(colour) >= OVEREXPOSED_LUMINANCE,
  };
}

/** The lines found plus, if given, the long straight gaps too faint for them. */
function withLines(boundaries: Uint8Array, straight?: Uint8Array): Uint8Array {
  if (!straight) return boundaries;
  const both = straight.slice();
  for (let i = 0; i < both.length; i++) both[i] |= boundaries[i];
  return both;
}

/**
 * A row of fronts shares its top line and its bottom line. Where something breaks one of them for
 * part of a front's width (a lamp lighting the gap under a wall unit away, a plant's leaves), the
 * front runs into what is beyond and is lost. The row's lines are drawn on, straight through its
 * outer corners (they slant in a photo taken at an angle), across the run found, and a front found
 * only then is added when its corners lie on a row's lines and those lines were mostly there
 * along it already: a piece of wall between two wall units has no line along its top or bottom
 * to complete.
 */
function completeRowLines(
  base: CabinetDetection,
  boundaries: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
): void {
  const { width, height } = image;
  const known = frontBoxes(base, image);
  const tolerance = alignmentTolerance(height);
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const closed = boundaries.slice();
  // Within the run found: past its ends stand the fridge and bare wall under the worktop's edge.
  const runStart = min(...known.map((front) => front.minX));
  const runEnd = max(...known.map((front) => front.maxX));
  /** Seen at an angle a row's lines slant: each runs on straight through its outer corners. */
  const drawOn = ([from, to]: Edge, below: boolean) => {
    for (let x = runStart; x <= runEnd; x++) {
      const y = round(heightOnEdge(from, to, x));
      for (let d = -1; d <= 2; d++) {
        const row = below ? y + d : y - d;
        if (row >= 0 && row < height && !base.mask[row * width + x]) closed[row * width + x] = 1;
      }
    }
  };
  const rows: { top: Edge; bottom: Edge }[] = [];
  for (const front of known) {
    const row = known.filter(
      (other) => near(front.minY, other.minY) && near(front.maxY, other.maxY),
    );
    if (row.length < MIN_SET_SIZE) continue;
    const first = cornerPixels(base.outlines[row.reduce(leftmost).front - 1], width, height);
    const last = cornerPixels(base.outlines[row.reduce(rightmost).front - 1], width, height);
    rows.push({ top: [first[0], last[1]], bottom: [first[3], last[2]] });
  }
  if (!rows.length) return;
  for (const { top, bottom } of rows) {
    drawOn(top, false);
    drawOn(bottom, true);
  }
  const extra = detectWithLines(image, smooth, closed);
  const onEdge = (edge: Edge, corner: Point) =>
    near(corner[1], heightOnEdge(edge[0], edge[1], corner[0]));
  const linedUp = (box: FrontBox) => {
    const [topLeft, topRight, bottomRight, bottomLeft] = cornerPixels(
      extra.outlines[box.front - 1],
      width,
      height,
    );
    const inRow = rows.some(
      ({ top, bottom }) =>
        onEdge(top, topLeft) &&
        onEdge(top, topRight) &&
        onEdge(bottom, bottomLeft) &&
        onEdge(bottom, bottomRight),
    );
    return (
      inRow &&
      lineEvidence(boundaries, width, [topLeft, topRight]) >= MIN_LINE_EVIDENCE &&
      lineEvidence(boundaries, width, [bottomLeft, bottomRight]) >= MIN_LINE_EVIDENCE
    );
  };
  addAlignedFronts(base, extra, image, linedUp);
}

/**
 * What the steps that read a row's level lines measure by, in a picture this tall: how far apart
 * lines may lie and still be level, a door's shortest side, and whether a front's edge stands at
 * a line (within the tolerance and a front's rim).
 */
function rowMeasures(height: number) {
  const tolerance = alignmentTolerance(height);
  return {
    tolerance,
    shortestSide: round(MIN_SIDE_FRACTION * height),
    near: (a: number, b: number) => abs(a - b) <= tolerance + RIM,
  };
}

/**
 * A grooved row whose gaps run up through its top edge and whose grooves stop short of it is a
 * row of its gaps, its grooves taken out of the lines, and its end doors' outer sides are looked
 * for again at the gaps' spacing
 * (test/bench/visualizer-tuning-log.md#0065).
 */
function rowsByTheirGaps(
  found: LineRow[],
  boundaries: Uint8Array,
  smooth: Uint8Array,
  width: number,
  height: number,
  { tolerance, shortestSide }: { tolerance: number; shortestSide: number },
): { rows: LineRow[]; lines: Uint8Array } {
  const luminance = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return (smooth[i] + smooth[i + 1] + smooth[i + 2]) / 3;
  };
  const parted = found.map((row) => gapsAndGrooves(row, shortestSide, SAME_LINE, luminance, width));
  if (parted.every((row) => !row)) return { rows: found, lines: boundaries };
  const segments = verticalSegments(boundaries, width, height);
  const byGaps = parted.map((row) => {
    if (!row) return null;
    // Lines are found afresh: a groove is told by where it stands.
    const grooves = new Set(row.grooves.map(({ line }) => line.x));
    const sides = segments.filter((segment) => !grooves.has(segment.x));
    // A groove a front's shortest side past the last gap cuts a strip, no door, off the end.
    const narrowest = max(shortestSide, MIN_DOOR_ASPECT * (row.gaps.bottom - row.gaps.top));
    // Each grooved stretch (a unit) has its own end doors, a window or an oven between them; so
    // have the lines kept where no gap was told, by unit
    // (test/bench/visualizer-tuning-log.md#0081).
    const ends = (row.units ? unitsOf(row.gaps, row.units) : [row.gaps.lines]).flatMap((unit) =>
      withEndSides({ ...row.gaps, lines: unit }, sides, tolerance, narrowest),
    );
    const lines = [...row.gaps.lines, ...ends]
      .filter((line, i, all) => all.findIndex(({ x }) => x === line.x) === i)
      .sort((a, b) => a.x - b.x);
    return { ...row, gaps: { ...row.gaps, lines } };
  });
  const rows = found.map((row, k) => byGaps[k]?.gaps ?? row);
  const grooved = byGaps.filter((row) => row !== null);
  return { rows, lines: withoutGrooves(boundaries, width, grooved, SAME_LINE) };
}

/**
 * A row whose bottom line a strip of lights under it washes out along its whole length has no
 * front found to draw its lines on from. The lines between its doors still start level and end
 * level: the row's top and bottom are drawn on between them, and a front found only then is added
 * when it stands between two neighbouring lines of such a row, about as wide as the row's doors.
 */
function completeRowEnds(
  base: CabinetDetection,
  boundaries: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
): void {
  const { width, height } = image;
  const { tolerance, shortestSide, near } = rowMeasures(height);
  const { rows, lines } = rowsByTheirGaps(
    levelLineRows(boundaries, width, height, tolerance, shortestSide),
    boundaries,
    smooth,
    width,
    height,
    { tolerance, shortestSide },
  );
  const closed =
    withRowEnds(
      lines,
      width,
      rows,
      (edge) => lineEvidence(boundaries, width, edge) < MIN_LINE_EVIDENCE,
    ) ?? (lines !== boundaries ? lines : null);
  if (!closed) return;
  const extra = detectWithLines(image, smooth, closed);
  const betweenLines = (box: FrontBox) =>
    rows.some(
      ({ lines, top, bottom, spacing }) =>
        near(box.minY, top) &&
        near(box.maxY, bottom) &&
        widthOf(box) <= SAME_SPACING * spacing &&
        lines.some((line) => near(box.minX, line.x)) &&
        lines.some((line) => near(box.maxX, line.x)),
    );
  // Of the finish of a front beside it in its row (a window's sky is not, however pale the doors).
  const found = frontBoxes(base, image);
  const added = frontBoxes(extra, image).filter(betweenLines);
  const inFinishedRow = (box: FrontBox) =>
    betweenLines(box) &&
    [...found, ...added.filter((other) => other.front !== box.front)].some(
      (other) => near(other.minY, box.minY) && near(other.maxY, box.maxY) && sameFinish(box, other),
    );
  // A lamp over a door tints it warmer than the run's other doors, not than the row's doors beside
  // it: once those are added, it is of the run's finish through them. A wall unit may stand on past
  // the run's end: the door beside one of its doors, as wide, is of the run with it
  // (test/bench/visualizer-tuning-log.md#0081).
  let before;
  do {
    before = base.fronts;
    const run = frontBoxes(base, image);
    const [runStart, runEnd] = [
      min(...run.map((front) => front.minX)) - tolerance,
      max(...run.map((front) => front.maxX)) + tolerance,
    ];
    // Within the run found and of its hue, as `addAlignedFronts` keeps them, or a pair's other door.
    const inRun = (box: FrontBox) =>
      (box.minX >= runStart &&
        box.maxX <= runEnd &&
        run.some((other) => sameFinish(box, other, MAX_SHADE_RATIO))) ||
      run.some((other) => pairedBeside(box, other, near, (a, b) => sameFinish(a, b)));
    addAlignedFronts(base, extra, image, (box) => inFinishedRow(box) && inRun(box), true);
  } while (base.fronts > before);
}

/**
 * A strip partly hidden by a thing in front (a plant's leaves) is the door's where its grooves go
 * on across it and at least this share of it shows the door's finish.
 */
const MIN_SHOWING_SHARE = 0.5;
/** Columns left out at a door's sides when its lines across are read: its rim and its gaps'. */
const GROOVE_SIDE_MARGIN = 0.08;

/**
 * A door grooved across, found from one of its grooves to another, goes on strip by strip past
 * them while the next line across it lies one groove spacing on and the strip before it is of its
 * finish and of no other front; the strips are painted as the door's
 * (test/bench/visualizer-tuning-log.md#0095).
 */
function extendGroovedDoors(
  base: CabinetDetection,
  lines: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
): void {
  const { width, height } = image;
  const reach = RIM + 2;
  const isLine = (x: number, y: number) => lines[y * width + x] > 0;
  const tolerance = alignmentTolerance(height);
  // A strip between two grooves is half a front's shortest side tall at least.
  const finestGrooves = (MIN_SIDE_FRACTION * height) / 2;
  const known = frontBoxes(base, image);
  for (const front of known) {
    const margin = max(reach, round(GROOVE_SIDE_MARGIN * widthOf(front)));
    const [minX, maxX] = [front.minX + margin, front.maxX - margin];
    if (maxX - minX < MIN_SIDE_FRACTION * height) continue;
    const fromY = max(0, front.minY - reach);
    const toY = min(height - 1, front.maxY + reach);
    const own = linesAcross(isLine, minX, maxX, fromY, toY);
    const spacing = grooveSpacing(own, front.minY, front.maxY, reach, finestGrooves);
    if (spacing === null) continue;
    const ofFinish = known.filter((other) => sameFinish(other, front, MAX_SHADE_RATIO));
    const band = rowBand(front, ofFinish, tolerance);
    // The strips walked lie within the row: its lines are read a spacing or two past it at most.
    const column = linesAcross(
      isLine,
      minX,
      maxX,
      max(0, floor(band[0] - 2 * spacing)),
      min(height - 1, ceil(band[1] + 2 * spacing)),
    );
    const at = (line: { start: number; end: number }) =>
      column.find((other) => other.start <= line.end && other.end >= line.start)!;
    const thickness = grooveThickness(own);
    // Rows of strips partly hidden by a thing in front: only their pixels of the finish are the door's.
    const partly = new Uint8Array(height);
    const showsFinish = (i: number) =>
      sameFinish(
        { r: smooth[i * 3], g: smooth[i * 3 + 1], b: smooth[i * 3 + 2] },
        front,
        MAX_SHADE_RATIO,
      );
    const pixel = { r: 0, g: 0, b: 0 };
    const isStrip = (firstRow: number, lastRow: number) => {
      if (firstRow < band[0] || lastRow > band[1]) return false;
      // Shares, read on every other pixel of every other row.
      let [finish, shaded, taken, pixels] = [0, 0, 0, 0];
      for (let y = firstRow; y <= lastRow; y += 2) {
        for (let i = y * width + minX; i <= y * width + maxX; i += 2) {
          pixels++;
          if (base.mask[i] && base.frontIndex[i] !== front.front) taken++;
          pixel.r = smooth[i * 3];
          pixel.g = smooth[i * 3 + 1];
          pixel.b = smooth[i * 3 + 2];
          if (!sameFinish(pixel, front, MAX_SHADE_RATIO)) continue;
          shaded++;
          if (lightRatio(pixel, front) <= MAX_LIGHT_RATIO) finish++;
        }
      }
      if (taken > MAX_ADDED_OVERLAP * pixels) return false;
      if (finish >= STRIP_FINISH_SHARE * pixels) return true;
      if (shaded < MIN_SHOWING_SHARE * pixels) return false;
      partly.fill(
        1,
        max(0, firstRow - thickness.groove),
        min(height, lastRow + thickness.groove + 1),
      );
      return true;
    };
    const top = walkStrips(column, at(own[0]), spacing, thickness, false, isStrip);
    const bottom = walkStrips(column, at(own[own.length - 1]), spacing, thickness, true, isStrip);
    const [newMinY, newMaxY] = [top.end + 1 - RIM, bottom.start - 1 + RIM];
    if (newMinY >= front.minY && newMaxY <= front.maxY) continue;
    // Painted as the door's finish: the luminance its own pixels are painted with.
    let luminance = 0;
    for (let y = front.minY; !luminance && y <= front.maxY; y++) {
      for (let i = y * width + front.minX; !luminance && i <= y * width + front.maxX; i++) {
        if (base.mask[i] && base.frontIndex[i] === front.front) luminance = base.finishLuminance[i];
      }
    }
    const corners = new CornerTracker();
    for (let y = min(newMinY, front.minY); y <= max(newMaxY, front.maxY); y++) {
      const inside = y >= newMinY && y <= newMaxY;
      for (let i = y * width + front.minX, x = front.minX; x <= front.maxX; x++, i++) {
        if (inside && !base.mask[i] && (!partly[y] || showsFinish(i))) {
          base.mask[i] = 255;
          base.frontIndex[i] = front.front;
          base.finishLuminance[i] = luminance;
        }
        if (base.mask[i] && base.frontIndex[i] === front.front) corners.add(x, y);
      }
    }
    base.outlines[front.front - 1] = corners.outline(width, height, 0);
  }
}

/**
 * The front beyond a front found whose top and bottom lines run on past it and end together: its
 * outer side, lost against a wall of its colour, is drawn there
 * (test/bench/visualizer-tuning-log.md#0085).
 */
function addDoorsWhereLinesEnd(
  base: CabinetDetection,
  lines: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
): void {
  const { width, height } = image;
  const { tolerance, shortestSide } = rowMeasures(height);
  const known = frontBoxes(base, image);
  const sides = sidesWhereLinesEnd(known, lines, base.mask, width, { tolerance, shortestSide });
  if (!sides.length) return;
  const extra = detectWithLines(image, smooth, withSides(lines, width, sides));
  addAlignedFronts(
    base,
    extra,
    image,
    (box) => {
      const side = standsAtSide(box, sides, tolerance + RIM);
      return side !== undefined && sameFinish(box, side.front);
    },
    true,
  );
}

/**
 * The door beside a door found in its run, where grain cut it into strips at every pass: painted
 * as the found door's finish (test/bench/visualizer-tuning-log.md#0071).
 */
function addNeighbourDoors(
  base: CabinetDetection,
  lines: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
): void {
  const { width, height } = image;
  const known = frontBoxes(base, image);
  const lined = (yFrom: number, from: number, to: number, yTo: number) =>
    lineEvidence(lines, width, [
      [from, round(yFrom)],
      [to, round(yTo)],
    ]) >= MIN_LINE_EVIDENCE;
  const covered = new Uint8Array(base.mask.length);
  for (let i = 0; i < covered.length; i++) covered[i] = base.mask[i] ? 1 : 0;
  const finishOf = (front: FrontBox) => {
    for (let i = front.minY * width + front.minX; i < base.frontIndex.length; i++) {
      if (base.frontIndex[i] === front.front && base.mask[i]) return base.finishLuminance[i];
    }
    return 0;
  };
  const slantOf = (front: FrontBox) => outlineSlant(base.outlines[front.front - 1], width, height);
  const beside = neighbourDoors(known, smooth, width, covered, lined, slantOf);
  for (const { door, slant, besideOf, within, columns } of beside) {
    const luminance = finishOf(besideOf);
    // A front found as part of the door takes the door's outline and is painted out to it.
    const index = within ? within.front : base.outlines.length + 1;
    // Of a door the row's fronts cover in part, the columns they leave (0075).
    const open = columns && new Set(columns);
    const corners = new CornerTracker();
    for (let x = door.minX; x <= door.maxX; x++) {
      const [top, bottom] = edgesAt(door, slant, x);
      for (let y = max(door.minY, round(top)); y <= min(door.maxY, round(bottom)); y++) {
        const i = y * width + x;
        corners.add(x, y);
        if (base.mask[i] && base.frontIndex[i] !== index) continue;
        if (open && !open.has(x)) continue;
        base.mask[i] = 255;
        base.frontIndex[i] = index;
        base.finishLuminance[i] = luminance;
      }
    }
    base.outlines[index - 1] = corners.outline(width, height, RIM);
    base.fronts = base.outlines.length;
  }
}

/**
 * Grain as deep as the gaps cuts a row of dark grained doors into strips at every sensitivity.
 * Where a row's level lines are more than its doors have sides, the grain between the deepest
 * lines that cut it into door-sized pieces is taken out: the fronts found then, and which of them
 * stand in such a row (those are added); null when no row is grained. It reads only the lines, so
 * it is found once however often the found fronts are completed.
 */
function grainedRowFronts(
  boundaries: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
): { fronts: CabinetDetection; inGrainedPiece: (box: FrontBox) => boolean } | null {
  const { width, height } = image;
  const { tolerance, shortestSide } = rowMeasures(height);
  const grain = withoutGrain(boundaries, smooth, width, height, tolerance, shortestSide);
  if (!grain) return null;
  const inGrainedPiece = (box: Box) => fillsGrainedPiece(box, grain.pieces, tolerance + RIM);
  // A grained piece's door found whole is a front by the grain's own evidence, with or without a
  // front beside it of its finish: a wall unit in the light stands alone in its row while hard
  // light leaves its neighbour darker than one finish allows
  // (test/bench/visualizer-tuning-log.md#0097).
  return {
    fronts: detectWithLines(image, smooth, grain.cleared, { trusted: inGrainedPiece }),
    inGrainedPiece,
  };
}

/**
 * Drawers grained across their width are cut into strips by their grain's lines: in each column
 * of them the lines are taken out and the column's sides and the cuts between its drawers drawn
 * in (test/bench/visualizer-tuning-log.md#0069). The fronts found then,
 * and which of them are such a drawer; null when no column is found.
 */
function grainedDrawerFronts(
  boundaries: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
  columns: DrawerColumn[],
): {
  fronts: CabinetDetection;
  inColumn: (box: FrontBox) => boolean;
  inRow: (box: FrontBox) => boolean;
} | null {
  const { width, height } = image;
  if (!columns.length) return null;
  const lines = boundaries.slice();
  for (const column of columns) {
    const { minX, maxX, lines: across } = column;
    const [top, bottom] = [across[0], across[across.length - 1]];
    const from = max(0, floor(min(top.left, top.right)) - 1);
    const to = min(height - 1, ceil(max(bottom.left, bottom.right)) + 1);
    for (let y = from; y <= to; y++) {
      lines.fill(y === from || y === to ? 1 : 0, y * width + minX, y * width + maxX + 1);
      lines[y * width + minX - 1] = 1;
      lines[y * width + maxX + 1] = 1;
    }
    // Each line as it slants, unbroken from column to column.
    for (const line of across) {
      let before = slantRow(line, column, minX);
      for (let x = minX; x <= maxX; x++) {
        const row = slantRow(line, column, x);
        for (let y = min(before, row); y <= max(before, row); y++) lines[y * width + x] = 1;
        before = row;
      }
    }
  }
  const { near } = rowMeasures(height);
  // Stacked drawers join into one front as every drawer stack's do (STACKED below): a front of
  // the column runs from a drawer's top to a drawer's bottom.
  const inColumn = (box: Box) =>
    columns.some(
      ({ minX, maxX, drawers: column }) =>
        near(box.minX, minX) &&
        near(box.maxX, maxX) &&
        column.some((drawer) => near(box.minY, drawer.minY)) &&
        column.some((drawer) => near(box.maxY, drawer.maxY)),
    );
  // A column cut into drawers by its grain is a set of fronts by itself: the doors beside it,
  // grained down, are strips on these lines and leave it no partner to stand in a row with.
  const fronts = detectWithLines(image, smooth, lines, { trusted: inColumn });
  // A front of the columns' finish on their top and bottom lines run on along their slant stands
  // in their row: on the first lines the columns are strips and left it no partner
  // (test/bench/visualizer-tuning-log.md#0091).
  // The columns' fronts are measured only once a front stands on their lines.
  let ofColumns: FrontBox[] | undefined;
  const inRow = (box: FrontBox) => {
    if (!inRowWithColumn(box, columns, near)) return false;
    ofColumns ??= frontBoxes(fronts, image).filter(inColumn);
    return ofColumns.some((column) => sameFinish(box, column));
  };
  return { fronts, inColumn, inRow };
}

/**
 * The row of fronts found that `front` stands in (tops and bottoms level), with its top and
 * bottom lines straight through its outer corners; none when it stands alone.
 */
function rowThrough(
  front: FrontBox,
  known: FrontBox[],
  detection: CabinetDetection,
  { width, height }: RgbImage,
): FrontRow<FrontBox>[] {
  const tolerance = alignmentTolerance(height);
  const level = (a: number, b: number) => abs(a - b) <= tolerance;
  const row = known.filter(
    (other) => level(front.minY, other.minY) && level(front.maxY, other.maxY),
  );
  if (row.length < MIN_SET_SIZE) return [];
  const first = cornerPixels(detection.outlines[row.reduce(leftmost).front - 1], width, height);
  const last = cornerPixels(detection.outlines[row.reduce(rightmost).front - 1], width, height);
  return [{ top: [first[0], last[1]], bottom: [first[3], last[2]], fronts: row }];
}

/**
 * Something standing in front of a run (a plant, a chair, a bin) cuts the doors behind it into
 * pieces no longer shaped like a door, while the row's top and bottom lines run on above and
 * below it. Where a stretch of a row's band within the run found holds no front of the row, both
 * lines run along most of it, and something not of the row's finish stands there (part of it
 * runs from within the band down past the bottom line, as a pot or a chair's legs do), the thing
 * is followed from there through what is not of the finish; the pieces of the finish (however
 * shaded) it touches within the band are the doors behind it, painted as one front. The thing
 * itself stays as it is; an oven or a drawer in the band stands on nothing, and a piece of wall
 * between two wall units has no line along its top.
 */
function fillHiddenRowParts(
  base: CabinetDetection,
  lines: Uint8Array,
  image: RgbImage,
  smooth: Uint8Array,
): void {
  const known = frontBoxes(base, image);
  const { width, height } = image;
  const tolerance = alignmentTolerance(height);
  const rows = distinctRows(
    known.flatMap((front) => rowThrough(front, known, base, image)),
    tolerance,
  );
  // Within the run found, as the row's lines are drawn on.
  const [runStart, runEnd] = [
    min(...known.map(({ minX }) => minX)),
    max(...known.map(({ maxX }) => maxX)),
  ];
  const shortest = MIN_SIDE_FRACTION * height;
  const stretches = uncoveredStretches(rows, runStart, runEnd, shortest).filter(
    (stretch) =>
      lineEvidence(lines, width, lineOver(stretch.row.top, stretch)) >= MIN_LINE_EVIDENCE &&
      lineEvidence(lines, width, lineOver(stretch.row.bottom, stretch)) >= MIN_LINE_EVIDENCE,
  );
  if (!stretches.length) return;
  const labels = labelBetweenBoundaries(lines, width, height);
  const regions = describeRegions(labels, smooth, width, height);
  const finishOf = (fronts: FrontBox[]): Colour => {
    const pixels = fronts.reduce((sum, front) => sum + front.pixels, 0);
    const mean = (channel: 'r' | 'g' | 'b') =>
      fronts.reduce((sum, front) => sum + front[channel] * front.pixels, 0) / pixels;
    return { r: mean('r'), g: mean('g'), b: mean('b') };
  };
  const byLabel = new Map(regions.map((region) => [region.label, region]));
  for (const stretch of stretches) {
    const { row } = stretch;
    const finish = finishOf(row.fronts);
    const inBand = (region: Region) => withinBand(region, stretch, tolerance);
    const likeFronts = (region: Region) => sameFinish(region, finish, MAX_SHADE_RATIO);
    // The thing stands on the floor: part of it runs from within the band down past its bottom
    // line (an oven or a drawer within the band does not).
    const bottomAt = (x: number) => heightOnLine(row.bottom, x);
    const standing = regions.filter(
      (region) =>
        region.maxX >= stretch.minX &&
        region.minX <= stretch.maxX &&
        region.minY < bottomAt(region.minX) - tolerance &&
        region.maxY > bottomAt(region.maxX) + tolerance &&
        !sameFinish(region, finish),
    );
    if (!standing.length) continue;
    const isStanding = new Set(standing.map((region) => region.label));
    // The thing is what is not of the row's finish (its outlines too) within the band and
    // reached from there; what of the finish it touches is the doors behind it.
    const passable = (i: number) => {
      const x = i % width;
      const y = (i - x) / width;
      const inside = y > heightOnLine(row.top, x) + tolerance && y < bottomAt(x);
      if (x < stretch.minX || x > stretch.maxX || !inside) return false;
      const label = labels[i];
      if (label >= 0) return isStanding.has(label) || !likeFronts(byLabel.get(label)!);
      const pixel = { r: smooth[i * 3], g: smooth[i * 3 + 1], b: smooth[i * 3 + 2] };
      return !sameFinish(pixel, finish, MAX_SHADE_RATIO);
    };
    const band = bandBox(stretch, width, height);
    const seeds: number[] = [];
    for (let y = band.minY; y <= band.maxY; y++) {
      for (let i = y * width + band.minX; i <= y * width + band.maxX; i++) {
        if (isStanding.has(labels[i]) && passable(i)) seeds.push(i);
      }
    }
    const thing = floodFrom(seeds, image, band, passable);
    const pieces = new Set(
      [...labelsTouching(thing, labels, width)].filter((label) => {
        const region = byLabel.get(label)!;
        return inBand(region) && likeFronts(region);
      }),
    );
    if (!pieces.size) continue;
    let area = 0;
    for (let i = 0; i < labels.length; i++) if (pieces.has(labels[i]) && !base.mask[i]) area++;
    // Specks of the finish are no door: together the pieces are at least a small front's size.
    if (area < MIN_AREA_FRACTION * labels.length) continue;
    const luminance =
      base.finishLuminance[row.fronts[0].minY * width + row.fronts[0].minX] ||
      max(1, round(luminanceOf(finish)));
    const index = base.outlines.length + 1;
    const corners = new CornerTracker();
    let painted = 0;
    for (let i = 0; i < labels.length; i++) {
      if (!pieces.has(labels[i]) || base.mask[i]) continue;
      base.mask[i] = 255;
      base.frontIndex[i] = index;
      base.finishLuminance[i] = luminance;
      const x = i % width;
      corners.add(x, (i - x) / width);
      painted++;
    }
    if (!painted) continue;
    base.outlines.push(corners.outline(width, height, RIM));
    base.fronts = base.outlines.length;
  }
}

/**
 * A shaker door is a frame round an inset panel. On white doors on a white wall the door's own
 * edges can be too faint to bound it while the panel's shaded top and left edges still show: an
 * L of two lines meeting at the panel's top-left corner, as long as the panel is wide and tall.
 * Where the fronts found are framed alike (each with such an L at the same insets from its
 * edges), every other L of their finish implies a door those insets outside it. Such a door is
 * kept only where it overlaps nothing found and lines up with another door; where such doors
 * overlap, the one lining up with most is kept.
 */
function addFramedDoors(
  base: CabinetDetection,
  boundaries: Uint8Array,
  corners: PanelCorner[],
  image: RgbImage,
): void {
  const { width, height } = image;
  const known = frontBoxes(base, image);
  const framed = known.flatMap((front) => {
    const corner = corners.find(
      (c) =>
        c.x > front.minX &&
        c.y > front.minY &&
        c.x - front.minX <= FRAME_SHARE * (front.maxX - front.minX) &&
        c.y - front.minY <= FRAME_SHARE * (front.maxY - front.minY) &&
        c.x + c.width - 1 < front.maxX &&
        c.y + c.height - 1 < front.maxY &&
        c.width >= (1 - 2 * FRAME_SHARE) * (front.maxX - front.minX) &&
        c.height >= (1 - 2 * FRAME_SHARE) * (front.maxY - front.minY),
    );
    return corner ? [{ front, corner, inset: insetsOf(front, corner) }] : [];
  });
  if (framed.length < MIN_SET_SIZE) return;
  const tolerance = alignmentTolerance(height);
  const inset = [0, 1, 2, 3].map((side) => median(framed.map(({ inset }) => inset[side])));
  const regular = framed.filter(({ inset: own }) =>
    own.every((value, side) => abs(value - inset[side]) <= tolerance),
  );
  if (regular.length < MIN_SET_SIZE) return;
  const finish = regular.map(({ front }) => front);
  // A panel is plain; tiles, grout and a window's bars are lines all over.
  const busiest = max(...regular.map(({ corner }) => linesInside(boundaries, width, corner)));
  const tallest = max(...known.map(heightOf));
  const widest = max(...known.map(widthOf));
  const implied = corners.flatMap((corner): FrontBox[] => {
    const door: Box = {
      minX: corner.x - inset[0],
      minY: corner.y - inset[1],
      maxX: corner.x + corner.width - 1 + inset[2],
      maxY: corner.y + corner.height - 1 + inset[3],
    };
    if (!isDoorShaped(door, width, height)) return [];
    // An appliance's side or door is taller than any front; a window is wider.
    if (heightOf(door) > TALLER * tallest || widthOf(door) > (1 + TWIN_WIDTH) * widest) return [];
    if (linesInside(boundaries, width, corner) > PLAIN_PANEL_MARGIN + busiest) return [];
    const front = impliedFront(door, known, image);
    return front && finish.some((other) => sameFinish(front, other)) ? [front] : [];
  });
  paintImpliedDoors(base, implied, known, image);
}

/**
 * Shaker doors whose own edges do not show and of which none was found, so no frame to learn
 * from: each panel's L that has a neighbour of its kind (level and as tall, or lined up and as
 * wide) implies a door reaching half the space between them outside it. Such a door is kept when
 * its panel is plain, its frame and panel are of one finish, and it overlaps nothing found. The
 * doors so kept then imply the doors of their rows that have no such neighbour close by (far
 * along the run, or partly hidden), judged by the part of their panel seen.
 */
function addPanelRowDoors(
  base: CabinetDetection,
  boundaries: Uint8Array,
  corners: PanelCorner[],
  image: RgbImage,
  coarse: Uint8Array,
  grainedOnly = false,
): void {
  const tolerance = alignmentTolerance(image.height);
  const kept = (doors: (PanelDoor | RowDoor)[]) => {
    if (!doors.length) return [];
    const known = frontBoxes(base, image);
    const fronts = doors.flatMap((door) => {
      const front = panelDoorFront(door, boundaries, known, image, coarse, grainedOnly);
      return front ? [{ door, front }] : [];
    });
    const painted = paintImpliedDoors(
      base,
      fronts.map(({ front }) => front),
      known,
      image,
    );
    return fronts.filter(({ front }) => painted.includes(front)).map(({ door }) => door);
  };
  // A pair's panels cut short together by a thing in front of them take their row's height
  // first; where what is below does not bear that out, the door as the pair found it stays.
  const plain = new Map<PanelCorner, boolean>();
  const isRowPanel = (corner: PanelCorner) => {
    if (!plain.has(corner)) {
      plain.set(corner, isPlainPanel(boundaries, image.width, corner, RIM + 2, { grain: true }));
    }
    return plain.get(corner)!;
  };
  const pairs = doorsAroundPanelRows(corners, tolerance, (a, b) =>
    panelsApart(boundaries, image.width, a, b, LINE_REACH),
  );
  const paired = kept([...doorsToRowHeight(pairs, corners, tolerance, isRowPanel), ...pairs]);
  kept(doorsAlongPanelRows(corners, paired, tolerance));
}

/**
 * The door round a panel as a front, or null: it must be shaped like a door and overlap nothing
 * found, and the part of its panel seen (all of it unless something stands in front) must be
 * plain and of one finish with the frame beside it. A window's pane is lit through, its frame is
 * not; a shaker door's panel is painted as its frame.
 */
function panelDoorFront(
  { panel, ...given }: PanelDoor | RowDoor,
  boundaries: Uint8Array,
  known: FrontBox[],
  image: RgbImage,
  coarse: Uint8Array,
  grainedOnly = false,
): ImpliedDoor | null {
  const { width, height } = image;
  const fromRow = 'seen' in given;
  const seen = fromRow ? given.seen : panel;
  if (!isDoorShaped(given, width, height)) return null;
  const plain = { grain: fromRow, hiddenBelow: seen.height < panel.height };
  const plainAsSeen = isPlainPanel(boundaries, width, seen, RIM + 2, plain);
  // Grain makes a pair's panel plain only where it is gone (the coarsest lines), and a row's
  // only with it let off: either door ends on the lines found, not half the space between
  // panels (test/bench/visualizer-tuning-log.md#0076).
  const grained = fromRow
    ? plainAsSeen && !isPlainPanel(boundaries, width, seen, RIM + 2, { ...plain, grain: false })
    : !plainAsSeen &&
      isGrainedPairPanel(coarse, boundaries, width, panel, given, {
        margin: RIM + 2,
        reach: LINE_REACH,
        luminance: luminanceOf(meanColour(image, given)),
      });
  if ((!plainAsSeen || (grainedOnly && !fromRow)) && !grained) return null;
  const door = grained ? drawnToLines(boundaries, width, given, panel, LINE_REACH) : given;
  // A front found that is this door's panel is the door, its frame left bare.
  const tolerance = alignmentTolerance(height);
  const inTheWay = known.filter((other) => overlapping(door, other));
  const panels =
    inTheWay.length && sidesLined(boundaries, width, door, LINE_REACH)
      ? inTheWay.filter((other) => isPanelFront(other, panel, tolerance))
      : [];
  const others = known.filter((other) => !panels.includes(other));
  const implied = impliedFront(door, others, image);
  if (!implied) return null;
  const front: ImpliedDoor = panels.length
    ? { ...implied, panels: panels.map(({ front }) => front) }
    : implied;
  const inside: Box = {
    minX: seen.x,
    minY: seen.y,
    maxX: seen.x + seen.width - 1,
    maxY: seen.y + seen.height - 1,
  };
  const seenDoor = { ...door, maxY: door.maxY - (panel.height - seen.height) };
  const finish = meanColour(image, inside);
  if (!sameFinish(finish, frameColour(image, seenDoor, inside))) return null;
  if (seen.height === panel.height) return front;
  // Its side line was cut short by something in front of it, not of its finish; a window's pane
  // or an appliance's door below an L is of a finish close to the doors'.
  const partlyHidden: ImpliedDoor = {
    ...front,
    hidden: { finish: medianColour(image, inside) },
  };
  const behind = { ...inside, minY: inside.maxY + 1, maxY: panel.y + panel.height - 1 };
  const hidden = hiddenShare(behind, (x, y) => paintsOn(partlyHidden, image, x, y));
  if (hidden >= MIN_HIDDEN_SHARE) return partlyHidden;
  // With nothing in front, the line broke off on the door itself (a handle standing on it, grain
  // crossing it): the panel goes on where the door is shaped like a door (not a drawer, not a
  // strip a streak's L makes), its top and bottom show and it is in the picture whole.
  const whole = door.minX > 0 && door.maxX < width - 1;
  const goesOn =
    whole &&
    isDoorSized(widthOf(door), heightOf(door)) &&
    endsLined(boundaries, width, door, LINE_REACH);
  return goesOn && panelGoesOn(boundaries, image, panel, inside, behind) ? front : null;
}

/**
 * Whether a panel whose side line broke off with nothing in front of it goes on to the height its
 * row agrees on: plain all the way (its grain let off) and below where the line broke of the
 * finish of the part seen. A handle standing on the line, or grain crossing it, breaks it off;
 * tiles' grout or the worktop's edge below an L is neither plain nor of its finish
 * (test/bench/visualizer-tuning-log.md#0072).
 */
function panelGoesOn(
  boundaries: Uint8Array,
  image: RgbImage,
  panel: PanelCorner,
  seen: Box,
  below: Box,
): boolean {
  if (heightOf(seen) < MIN_BROKEN_SHARE * panel.height) return false;
  if (!isPlainPanel(boundaries, image.width, panel, RIM + 2, { grain: 'down' })) return false;
  // A line across it below where the L broke is an edge (a freezer door's, the next drawer's):
  // the biggest blob passes the plainness test as a handle, however wide.
  const inset = RIM + 2;
  const inside = { ...below, minX: below.minX + inset, maxX: below.maxX - inset };
  if (lineAcross(boundaries, image.width, { ...inside, maxY: below.maxY - inset })) return false;
  return sameFinish(meanColour(image, seen), meanColour(image, below));
}

/**
 * `door` as a front found by implication, with its mean colour; null where it overlaps a front
 * found or is overexposed (daylight through a window).
 */
function impliedFront(door: Box, known: FrontBox[], image: RgbImage): FrontBox | null {
  if (known.some((front) => overlapping(door, front))) return null;
  const colour = meanColour(image, door);
  if (luminanceOf(colour) >= OVEREXPOSED_LUMINANCE) return null;
  return { ...door, ...colour, front: 0, pixels: widthOf(door) * heightOf(door), overlap: 0 };
}

/** In the picture, and sized and shaped like a door or a drawer. */
function isDoorShaped(door: Box, width: number, height: number): boolean {
  const w = widthOf(door);
  const h = heightOf(door);
  const area = w * h;
  return (
    door.minX >= 0 &&
    door.minY >= 0 &&
    door.maxX < width &&
    door.maxY < height &&
    area >= MIN_AREA_FRACTION * width * height &&
    area <= MAX_AREA_FRACTION * width * height &&
    max(w / h, h / w) <= MAX_ASPECT &&
    min(w, h) >= MIN_SIDE_FRACTION * height
  );
}

function overlapping(a: Box, b: Box): boolean {
  return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
}

/** The mean colour of a door's frame: the door without its panel. */
function frameColour(image: RgbImage, door: Box, panel: Box): Colour {
  const area = (box: Box) => widthOf(box) * heightOf(box);
  const whole = meanColour(image, door);
  const inner = meanColour(image, panel);
  const rest = area(door) - area(panel);
  const part = (channel: keyof Colour) =>
    (whole[channel] * area(door) - inner[channel] * area(panel)) / rest;
  return { r: part('r'), g: part('g'), b: part('b') };
}

/**
 * Paints the implied doors that line up with another (implied or found), as boxes: the more one
 * lines up with, the likelier it is a door, so where they overlap that one is kept.
 */
function paintImpliedDoors(
  base: CabinetDetection,
  implied: ImpliedDoor[],
  known: FrontBox[],
  image: RgbImage,
): ImpliedDoor[] {
  const { width, height } = image;
  const tolerance = alignmentTolerance(height);
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const linesUp = (a: Box, b: Box) =>
    (near(a.minY, b.minY) && near(a.maxY, b.maxY)) ||
    (near(a.minX, b.minX) && near(a.maxX, b.maxX));
  const support = (door: Box) =>
    implied.filter((other) => !overlapping(door, other) && linesUp(door, other)).length +
    known.filter((other) => linesUp(door, other)).length;
  const doors: ImpliedDoor[] = [];
  const replaced = new Set<number>();
  for (const door of implied
    .filter((door) => support(door) > 0)
    .sort((a, b) => support(b) - support(a))) {
    if (doors.some((other) => overlapping(door, other))) continue;
    doors.push(door);
    const index = base.outlines.length + 1;
    const corners = new CornerTracker();
    const luminance = max(1, round(luminanceOf(door)));
    const ownPanel = (i: number) => door.panels?.includes(base.frontIndex[i]) ?? false;
    for (const front of door.panels ?? []) replaced.add(front);
    for (let y = door.minY; y <= door.maxY; y++) {
      for (let x = door.minX; x <= door.maxX; x++) {
        const i = y * width + x;
        if ((base.mask[i] && !ownPanel(i)) || !paintsOn(door, image, x, y)) continue;
        base.mask[i] = 255;
        base.frontIndex[i] = index;
        base.finishLuminance[i] = luminance;
        corners.add(x, y);
      }
    }
    base.outlines.push(corners.outline(width, height, 0));
  }
  base.fronts = base.outlines.length;
  dropFronts(base, replaced);
  return doors;
}

/** Of a door's panel below where its side line was cut short, the share something in front hides. */
const MIN_HIDDEN_SHARE = 0.2;

/**
 * A door implied from its panel; `hidden` where something stands in front of its lower part;
 * `panels`, the fronts found that are its panel (1 + their outlines' indices), which it replaces.
 */
interface ImpliedDoor extends FrontBox {
  hidden?: { finish: Colour };
  panels?: number[];
}

/**
 * Whether a door's pixel is painted: where something stands in front of it, only the door showing
 * past it (of its finish, shade allowed), not the plant's leaves or the chair. That holds above
 * where its panel's side line was cut short too: leaves reach higher beside the line than on it.
 */
function paintsOn(door: ImpliedDoor, image: RgbImage, x: number, y: number): boolean {
  if (!door.hidden) return true;
  const i = (y * image.width + x) * 3;
  const pixel = { r: image.data[i], g: image.data[i + 1], b: image.data[i + 2] };
  return sameFinish(pixel, door.hidden.finish, MAX_SHADE_RATIO);
}

/** Of a framed front's width (or height), how much its frame may take on one side. */
const FRAME_SHARE = 0.25;

/** Left, top, right and bottom: how far the front's edges lie outside the panel's. */
function insetsOf(front: Box, corner: PanelCorner): number[] {
  return [
    corner.x - front.minX,
    corner.y - front.minY,
    front.maxX - (corner.x + corner.width - 1),
    front.maxY - (corner.y + corner.height - 1),
  ];
}

/** How much more of a panel may be lines than of the busiest panel found (a handle, a lamp). */
const PLAIN_PANEL_MARGIN = 0.05;

/** The share of a panel's pixels, inside the L that bounds it, that are on a line. */
function linesInside(boundaries: Uint8Array, width: number, corner: PanelCorner): number {
  const inset = RIM + 2;
  let lines = 0;
  let pixels = 0;
  for (let y = corner.y + inset; y < corner.y + corner.height - inset; y++) {
    for (let x = corner.x + inset; x < corner.x + corner.width - inset; x++) {
      pixels++;
      lines += boundaries[y * width + x];
    }
  }
  return pixels ? lines / pixels : 1;
}

function meanColour(image: RgbImage, box: Box): Colour {
  const { width, data } = image;
  const colour = { r: 0, g: 0, b: 0 };
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let i = (y * width + box.minX) * 3; i <= (y * width + box.maxX) * 3; i += 3) {
      colour.r += data[i];
      colour.g += data[i + 1];
      colour.b += data[i + 2];
    }
  }
  const pixels = (box.maxX - box.minX + 1) * (box.maxY - box.minY + 1);
  return { r: colour.r / pixels, g: colour.g / pixels, b: colour.b / pixels };
}

/** A front's top or bottom line: from its left corner to its right one, in pixels. */
type Edge = [Point, Point];

const leftmost = (a: FrontBox, b: FrontBox) => (b.minX < a.minX ? b : a);
const rightmost = (a: FrontBox, b: FrontBox) => (b.maxX > a.maxX ? b : a);

function cornerPixels(outline: FrontOutline, width: number, height: number): Point[] {
  return outline.map(([x, y]): Point => [x * width, y * height]);
}

function heightOnEdge([x0, y0]: Point, [x1, y1]: Point, x: number): number {
  return x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/** The share of an edge's length along which a line runs, give or take a few pixels. */
function lineEvidence(boundaries: Uint8Array, width: number, [from, to]: Edge): number {
  const height = boundaries.length / width;
  const inset = RIM + 2;
  let columns = 0;
  let lined = 0;
  for (let x = round(from[0]) + inset; x <= round(to[0]) - inset; x++) {
    columns++;
    const y = round(heightOnEdge(from, to, x));
    for (let row = max(0, y - LINE_REACH); row <= min(height - 1, y + LINE_REACH); row++) {
      if (boundaries[row * width + x]) {
        lined++;
        break;
      }
    }
  }
  return columns ? lined / columns : 0;
}

interface FrontBox extends Box, Colour {
  /** 1 + the index of the front's outline. */
  front: number;
  pixels: number;
  overlap: number;
}

const lastFrontBoxes = new LastMeasure<FrontBox[]>();

/**
 * Each front's bounding box, pixel count, own mean colour, and how many of its pixels `cover`
 * has. Without `cover`, measured again only when the fronts changed (each caller gets its own
 * copies).
 */
function frontBoxes(detection: CabinetDetection, image: RgbImage, cover?: Uint8Array): FrontBox[] {
  if (cover) return measureFrontBoxes(detection, image, cover);
  const { frontIndex, mask, fronts } = detection;
  return lastFrontBoxes
    .of([image, image.data, fronts], [frontIndex, mask], () => measureFrontBoxes(detection, image))
    .map((box) => ({ ...box }));
}

function measureFrontBoxes(
  detection: CabinetDetection,
  image: RgbImage,
  cover?: Uint8Array,
): FrontBox[] {
  const { width, data } = image;
  const boxes: FrontBox[] = Array.from({ length: detection.fronts }, (_, k) => ({
    front: k + 1,
    minX: Infinity,
    minY: Infinity,
    maxX: -1,
    maxY: -1,
    pixels: 0,
    overlap: 0,
    r: 0,
    g: 0,
    b: 0,
  }));
  const { frontIndex, mask } = detection;
  // Hot (dozens of calls a detection, docs/decisions/0062-detection-hot-loops.md): each row is
  // read in runs of one front, so a box is looked up and its extent widened once a run.
  for (let rowStart = 0, y = 0; rowStart < frontIndex.length; rowStart += width, y++) {
    const rowEnd = rowStart + width;
    for (let i = rowStart; i < rowEnd;) {
      const front = frontIndex[i];
      if (!front || !mask[i]) {
        i++;
        continue;
      }
      const start = i;
      let r = 0;
      let g = 0;
      let b = 0;
      let overlap = 0;
      do {
        r += data[i * 3];
        g += data[i * 3 + 1];
        b += data[i * 3 + 2];
        if (cover?.[i]) overlap++;
        i++;
      } while (i < rowEnd && frontIndex[i] === front && mask[i]);
      const box = boxes[front - 1];
      box.minX = min(box.minX, start - rowStart);
      box.maxX = max(box.maxX, i - 1 - rowStart);
      box.minY = min(box.minY, y);
      box.maxY = y;
      box.pixels += i - start;
      box.r += r;
      box.g += g;
      box.b += b;
      box.overlap += overlap;
    }
  }
  for (const box of boxes) {
    box.r /= box.pixels || 1;
    box.g /= box.pixels || 1;
    box.b /= box.pixels || 1;
  }
  return boxes;
}

/**
 * Adds the fronts of `extra` that overlap none of `base`, are not overexposed and line up with
 * one of them, however differently lit (side light can leave half a run in deep shade); or that
 * line up with one another, a row or stack of their own finish, within the run found and in its
 * hue (a pair of wall units in the shade of a run whose lower fronts are lit). `linedUp`, when
 * given, tells instead which fronts line up with those found (along a row's slanted lines); they
 * must still stand within the run and be of its hue, unless `anywhere` (fronts of a row the
 * caller vouches for, found where no front was).
 */
function addAlignedFronts(
  base: CabinetDetection,
  extra: CabinetDetection,
  image: RgbImage,
  linedUp?: (box: FrontBox) => boolean,
  anywhere = false,
): void {
  const { height } = image;
  const tolerance = alignmentTolerance(height);
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const linesUp = (a: Box, b: Box) =>
    (near(a.minY, b.minY) && near(a.maxY, b.maxY)) ||
    (near(a.minX, b.minX) && near(a.maxX, b.maxX));
  const known = frontBoxes(base, image);
  // Daylight: a window lined up with the wall units is no front.
  const fresh = frontBoxes(extra, image, base.mask).filter(
    (box) =>
      luminanceOf(box) < OVEREXPOSED_LUMINANCE && box.overlap <= MAX_ADDED_OVERLAP * box.pixels,
  );
  // A run of its own stands over or under the run found, not past its ends, where a fridge's
  // doors, split by a streak or their handle, could pass for a pair.
  const runStart = min(...known.map((box) => box.minX)) - tolerance;
  const runEnd = max(...known.map((box) => box.maxX)) + tolerance;
  const inTheirRun = (box: FrontBox) =>
    box.minX >= runStart &&
    box.maxX <= runEnd &&
    known.some((other) => sameFinish(box, other, MAX_SHADE_RATIO));
  const added = new Map<number, number>();
  const inOwnRun = (box: FrontBox) =>
    fresh.some((other) => other !== box && linesUp(box, other) && sameFinish(box, other));
  for (const box of fresh) {
    const fits = linedUp
      ? linedUp(box) && (anywhere || inTheirRun(box))
      : known.some((other) => linesUp(box, other)) || (inOwnRun(box) && inTheirRun(box));
    if (!fits) continue;
    base.outlines.push(extra.outlines[box.front - 1]);
    added.set(box.front, base.outlines.length);
  }
  if (!added.size) return;
  for (let i = 0; i < base.mask.length; i++) {
    const index = added.get(extra.frontIndex[i]);
    if (index === undefined || !extra.mask[i] || base.mask[i]) continue;
    base.mask[i] = 255;
    base.frontIndex[i] = index;
    base.finishLuminance[i] = extra.finishLuminance[i];
  }
  base.fronts = base.outlines.length;
}

/**
 * Adds the doors a pass closed whole but refused for want of a partner (near-black gloss in hard
 * light, its neighbours cut by grain) whose corners lie on the top and bottom lines of a row of
 * two fronts kept, run on along their slant; within the run found and of its hue however lit
 * (test/bench/visualizer-tuning-log.md#0099).
 */
function addRefusedOnRowLines(
  base: CabinetDetection,
  passes: CabinetDetection[],
  image: RgbImage,
): void {
  const { width, height } = image;
  const reach = alignmentTolerance(height) / 2;
  const corners = (outline: FrontOutline) => cornerPixels(outline, width, height);
  const rows = rowsOfTwo(base.outlines.map(corners), reach);
  for (const pass of passes) {
    const refused = refusedDoors.get(pass);
    // Read once: the pass's labels are let go.
    refusedDoors.delete(pass);
    if (!refused || !rows.length) continue;
    const doors = refused.doors();
    const standing = doorsOnRowLines(doors, rows, {
      reach,
      gap: 2 * reach,
      twinWidth: TWIN_WIDTH,
    });
    // Painted only when one stands there where no front is yet (another pass may have found it):
    // most passes refuse none on a row's lines.
    const kept = base.outlines.map(corners);
    const fresh = [...standing].filter(
      (k) => !kept.some((front) => holdsCentre(front, doors[k].corners)),
    );
    if (fresh.length) addAlignedFronts(base, refused.paint(fresh), image, () => true);
  }
}

/** Whether the box of `outer`'s corners holds the centre of `inner`'s. */
function holdsCentre(outer: Point[], inner: Point[]): boolean {
  const [x, y] = [0, 1].map(
    (axis) => inner.reduce((sum, point) => sum + point[axis], 0) / inner.length,
  );
  const xs = outer.map(([px]) => px);
  const ys = outer.map(([, py]) => py);
  return x >= min(...xs) && x <= max(...xs) && y >= min(...ys) && y <= max(...ys);
}

/**
 * Adds the fronts of `extra` that stand in a row (top and bottom level) with a front found, or
 * beside one of their own size (a pair), within the run found and of its finish: past the run's
 * ends the straight lines also close the bare wall between the last front and a fridge, level
 * with the row as it is, and over a fridge the wall up to the ceiling's line, cut in two pieces
 * of unequal width.
 */
function addLinedUpWithinRun(base: CabinetDetection, extra: CabinetDetection, image: RgbImage) {
  const tolerance = alignmentTolerance(image.height);
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const linesUp = (a: Box, b: Box) => near(a.minY, b.minY) && near(a.maxY, b.maxY);
  const known = frontBoxes(base, image);
  const others = frontBoxes(extra, image);
  addAlignedFronts(
    base,
    extra,
    image,
    (box) =>
      known.some((other) => linesUp(box, other)) ||
      others.some(
        (other) =>
          other.front !== box.front &&
          linesUp(box, other) &&
          abs(widthOf(box) - widthOf(other)) <= TWIN_WIDTH * max(widthOf(box), widthOf(other)),
      ),
  );
}

/**
 * One pass may close the drawers of a run and another its doors, or the other way round (with
 * the long straight lines added, or where grain cuts doors apart at one sensitivity and not at
 * another). The pass that covers most is kept, and the fronts of the others that line up with its
 * fronts are added to it.
 */
function bestOfEvery(found: CabinetDetection[], image: RgbImage): CabinetDetection {
  const best = found.reduce((a, b) => (coveredArea(b) > coveredArea(a) ? b : a));
  for (const other of found) if (other !== best) addAlignedFronts(best, other, image);
  return best;
}

function coveredArea(detection: CabinetDetection): number {
  let area = 0;
  for (let i = 0; i < detection.mask.length; i++) if (detection.mask[i]) area++;
  return area;
}

/** What a pass is told besides its lines. */
interface PassOptions {
  /** What the first pass took for an appliance, kept one by later steps. */
  appliances?: Box[];
  /** Filled with the regions too big for a front that no front was placed in (0077). */
  unplaced?: Box[];
  /** Regions kept as fronts without a front beside them to line up with (0078). */
  trusted?: (region: Box) => boolean;
  /** Whether to keep the doors it refused for `addRefusedOnRowLines` (0099). */
  keepRefused?: boolean;
}

function detectWithLines(
  image: RgbImage,
  smooth: Uint8Array,
  boundaries: Uint8Array,
  { appliances = [], unplaced, trusted = () => false, keepRefused = false }: PassOptions = {},
): CabinetDetection {
  const { width, height } = image;
  const labels = labelBetweenBoundaries(boundaries, width, height);
  const described = describeRegions(labels, smooth, width, height);
  const regions = joinStrips(
    joinStrips(described, labels, width, STACKED),
    labels,
    width,
    SIDE_BY_SIDE,
  );
  const total = width * height;

  const candidates = regions.filter((region) => {
    const w = region.maxX - region.minX + 1;
    const h = region.maxY - region.minY + 1;
    const aspect = max(w / h, h / w);
    const luminance = luminanceOf(region);
    return (
      region.area >= MIN_AREA_FRACTION * total &&
      region.area <= MAX_AREA_FRACTION * total &&
      aspect <= MAX_ASPECT &&
      min(w, h) >= MIN_SIDE_FRACTION * height &&
      region.bordersTouched <= 1 &&
      luminance < OVEREXPOSED_LUMINANCE &&
      isSolidRectangle(region, labels, smooth, width) &&
      showsOneColour(region, labels, smooth, width)
    );
  });
  const streaked = new Set(
    candidates.filter((region) => looksLikeBrushedMetal(region, labels, image)),
  );

  const tolerance = alignmentTolerance(height);
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const corners = new Map(candidates.map((region) => [region, cornersOf(region, labels, width)]));
  const shareLine = (a: Region, b: Region, line: typeof TOP | typeof BOTTOM) =>
    shareStraightLine(corners.get(a)!, corners.get(b)!, line, tolerance);
  // In a row: its top line and its bottom line each run on along another front (a drawer stack
  // beside a door shares both, a taller stack may share them with two of its neighbours). Seen
  // at an angle those lines slant and converge; each still runs straight through both fronts.
  const inRow = (region: Region, others: Region[]) =>
    others.some((other) => near(region.minY, other.minY) || shareLine(region, other, TOP)) &&
    others.some((other) => near(region.maxY, other.maxY) || shareLine(region, other, BOTTOM));
  const inStack = (a: Region, b: Region) => near(a.minX, b.minX) && near(a.maxX, b.maxX);
  // A fridge door is taller than any front; its freezer door, stacked on it with no more than a
  // gap between, belongs to the appliance too, whatever row it lines up with. Its handle may cut
  // one side of the freezer door off: one side lining up will do.
  const appliance = applianceStacks(candidates, applianceRule(height), regions);
  for (const { minX, minY, maxX, maxY } of appliance) appliances.push({ minX, minY, maxX, maxY });
  const fronts = candidates.filter((region) => !appliance.has(region));
  const finished = fronts.filter((region) => {
    const set = fronts.filter((other) => sameFinish(region, other));
    if (set.length < MIN_SET_SIZE) return false;
    const areas = set.map((other) => other.area).sort((a, b) => a - b);
    const median = areas[areas.length >> 1];
    if (region.area <= MAX_AREA_TO_MEDIAN * median) return true;
    // A wide drawer stack is larger than a door but stands in their row.
    return inRow(
      region,
      set.filter((other) => other !== region && other.area <= MAX_AREA_TO_MEDIAN * median),
    );
  });
  // Streaked grey could be brushed steel or pale wood grain. An appliance's doors stack (a freezer
  // over a fridge) but never stand side by side with the same top and bottom; a pair of grained
  // doors does, and so does a grained drawer stack (its drawers are wide, an appliance's doors
  // are not). Streaks are part of the finish: a steel door is no partner for a painted one.
  // Grain measures streaked on one door of a pair and not quite on the other; a pair of doors of
  // one size side by side is a pair all the same.
  const isWide = (region: Region) => region.maxX - region.minX > region.maxY - region.minY;
  const twins = (a: Region, b: Region) =>
    near(a.minY, b.minY) &&
    near(a.maxY, b.maxY) &&
    abs(a.maxX - a.minX - (b.maxX - b.minX)) <= TWIN_WIDTH * max(a.maxX - a.minX, b.maxX - b.minX);
  // Light falls off down a drawer stack: a drawer next to the one above it may be a shade off it
  // in hue, yet both are of the finish of a third front of the run. One right over the other: no
  // more between them than a gap, each edge as far off as lining up allows. See
  // test/bench/visualizer-tuning-log.md#0064.
  const stackedOfOneFinish = (a: Region, b: Region) =>
    streaked.has(a) === streaked.has(b) &&
    max(a.minY, b.minY) - min(a.maxY, b.maxY) <= 2 * tolerance &&
    finished.some(
      (third) => third !== a && third !== b && sameFinish(a, third) && sameFinish(b, third),
    );
  const selected = finished.filter((region) => {
    const partners = finished.filter(
      (other) =>
        other !== region &&
        sameFinish(region, other) &&
        (streaked.has(region) === streaked.has(other) || twins(region, other)),
    );
    const stacks = (other: Region) =>
      inStack(region, other) && (!streaked.has(region) || (isWide(region) && isWide(other)));
    return (
      inRow(region, partners) ||
      partners.some(stacks) ||
      finished.some(
        (other) => other !== region && stacks(other) && stackedOfOneFinish(region, other),
      )
    );
  });
  // What the caller knows for a front by other evidence (a column of drawers cut by its grain)
  // needs no partner (test/bench/visualizer-tuning-log.md#0078).
  selected.push(...fronts.filter((region) => trusted(region) && !selected.includes(region)));
  // Hard light falling across a run leaves part of it in deep shade, past what counts as one
  // finish; a door-shaped region of their hue in the row of fronts found is one of them all the
  // same (steel is only ever stacked; an oven's glass is darker than any shade or of another hue).
  const inRun = [...selected];
  for (const region of fronts) {
    if (inRun.includes(region) || streaked.has(region)) continue;
    const shaded = inRun.filter((other) => sameFinish(region, other, MAX_SHADE_RATIO));
    if (inRow(region, shaded)) selected.push(region);
  }

  const painted = paintFronts(selected, labels, width, height);
  // Doors closed whole but refused for want of a partner, painted only when asked for
  // (test/bench/visualizer-tuning-log.md#0099).
  const refused = finished.filter((region) => !selected.includes(region));
  if (keepRefused && refused.length) {
    refusedDoors.set(painted, {
      doors: () =>
        refused.map((region) => ({
          corners: cornerPixels(
            cornersOf(region, labels, width).outline(width, height, RIM),
            width,
            height,
          ),
          streaked: streaked.has(region),
        })),
      paint: (which) =>
        paintFronts(
          which.map((k) => refused[k]),
          labels,
          width,
          height,
        ),
    });
  }
  // Too wide for one front and no front at all: maybe doors grooved across that ran together.
  if (unplaced) {
    const twoFronts = 2 * MIN_SIDE_FRACTION * height;
    for (const region of regions) {
      if (selected.includes(region) || region.bordersTouched || widthOf(region) < twoFronts)
        continue;
      if (region.area >= MIN_AREA_FRACTION * total) unplaced.push(region);
    }
  }
  return painted;
}

/**
 * The doors each pass closed whole, of a finish it found more of, but kept none of for want of a
 * partner in a row or a stack; gone with the pass's detection.
 */
const refusedDoors = new WeakMap<
  CabinetDetection,
  { doors: () => RefusedDoor[]; paint: (which: number[]) => CabinetDetection }
>();

/** `regions` painted as fronts, each with its finish's mean luminance, grown by their rim. */
function paintFronts(
  regions: Region[],
  labels: Int32Array,
  width: number,
  height: number,
): CabinetDetection {
  const total = width * height;
  const mask = new Uint8Array(total);
  const finishLuminance = new Uint8Array(total);
  const frontIndex = new Uint16Array(total);
  const outlines: FrontOutline[] = [];
  for (const region of regions) {
    const finish = regions.filter((other) => sameFinish(region, other));
    const finishArea = finish.reduce((sum, other) => sum + other.area, 0);
    const mean =
      finish.reduce((sum, other) => sum + luminanceOf(other) * other.area, 0) / finishArea;
    const paint = { luminance: max(1, round(mean)), index: outlines.length + 1 };
    const corners = paintFilled(
      region,
      labels,
      width,
      mask,
      { finishLuminance, frontIndex },
      paint,
    );
    outlines.push(corners.outline(width, height, RIM));
  }
  const widths = regions.map((region) => region.maxX - region.minX + 1).sort((a, b) => a - b);
  return {
    mask: grow(mask, width, height, { finishLuminance, frontIndex }, RIM),
    finishLuminance,
    frontIndex,
    fronts: regions.length,
    outlines,
    medianFrontWidth: widths.length ? widths[widths.length >> 1] : width / 8,
  };
}

/**
 * How noisy the picture is: the median, over every other row, of how far a pixel's green stands
 * from the mean of its four neighbours. Flat surfaces make most pixels, so edges do not count.
 * Only pixels whose green is below `below` count (the dark parts, where noise is clipped at black).
 */
function noiseLevel(image: RgbImage, below = 256): number {
  const { width, height, data } = image;
  const stride = width * 3;
  const counts = new Uint32Array(4 * 255 + 1);
  let pixels = 0;
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1, i = y * stride + 4; x < width - 1; x++, i += 3) {
      if (data[i] >= below) continue;
      const highPass =
        4 * data[i] - data[i - 3] - data[i + 3] - data[i - stride] - data[i + stride];
      counts[abs(highPass)]++;
      pixels++;
    }
  }
  let seen = 0;
  for (let deviation = 0; deviation < counts.length; deviation++) {
    seen += counts[deviation];
    if (2 * seen >= pixels) return deviation / 4;
  }
  return 0;
}

/** Takes the sensor noise out so flat surfaces join up pixel to pixel. */
function boxBlur3(image: RgbImage): Uint8Array {
  const { width, height, data } = image;
  const horizontal = new Uint16Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const left = x > 0 ? x - 1 : x;
      const right = x < width - 1 ? x + 1 : x;
      for (let c = 0; c < 3; c++) {
        const row = y * width;
        horizontal[(row + x) * 3 + c] =
          data[(row + left) * 3 + c] + data[(row + x) * 3 + c] + data[(row + right) * 3 + c];
      }
    }
  }
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const up = (y > 0 ? y - 1 : y) * width;
    const down = (y < height - 1 ? y + 1 : y) * width;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        const sum =
          horizontal[(up + x) * 3 + c] +
          horizontal[(row + x) * 3 + c] +
          horizontal[(down + x) * 3 + c];
        out[(row + x) * 3 + c] = (sum + 4) / 9;
      }
    }
  }
  return out;
}

/**
 * Marks the lines that bound a front: the gaps between fronts (thin lines darker than both
 * sides, however faint on a white kitchen), sharp steps in brightness (a front against a darker
 * wall or plinth) and steps in colour. Measured on log brightness so the same gap counts the
 * same in shade and in light; a soft shadow edge, wood grain and sensor noise stay below it.
 */
interface LineFeatures {
  /** Log brightness: the same gap counts the same in shade and in light. */
  logLight: Float32Array;
  /** Colour as red and blue against green, relative to brightness. */
  redShift: Float32Array;
  blueShift: Float32Array;
}

/** Per pixel, once per photo (the passes at each sensitivity share them). */
function lineFeatures(rgb: Uint8Array, pixels: number): LineFeatures {
  // Brightness here is (r + 2g + b) / 4: 1021 quarter steps, so the logarithm is a table.
  const logTable = Float32Array.from({ length: 1021 }, (_, sum) =>
    Math.log(sum / 4 + LIGHT_OFFSET),
  );
  const chromaTable = Float32Array.from(
    { length: 1021 },
    (_, sum) => 1 / (sum / 4 + CHROMA_OFFSET),
  );
  const logLight = new Float32Array(pixels);
  const redShift = new Float32Array(pixels);
  const blueShift = new Float32Array(pixels);
  for (let i = 0, p = 0; i < pixels; i++, p += 3) {
    const sum = rgb[p] + 2 * rgb[p + 1] + rgb[p + 2];
    logLight[i] = logTable[sum];
    redShift[i] = (rgb[p] - rgb[p + 1]) * chromaTable[sum];
    blueShift[i] = (rgb[p + 2] - rgb[p + 1]) * chromaTable[sum];
  }
  return { logLight, redShift, blueShift };
}

interface LinePasses {
  /** Factors on every line threshold, one per pass: below 1 finds fainter lines. */
  sensitivities: number[];
  /** Whether thin lines lighter than two matching sides are gaps too (clean pictures only). */
  lightGaps: boolean;
}

/**
 * The lines of each pass, in the order of `sensitivities`. Hot (every pixel, three reaches each
 * way): each difference is taken once and held against every pass's threshold, a bit per pass.
 */
function findBoundaries(
  features: LineFeatures,
  width: number,
  height: number,
  { sensitivities, lightGaps }: LinePasses,
): Uint8Array[] {
  const passes = sensitivities.length;
  const depths = sensitivities.map((sensitivity) => GAP_DEPTH * sensitivity);
  const steps = sensitivities.map((sensitivity) => STEP * sensitivity);
  const colourSteps = sensitivities.map((sensitivity) => COLOUR_STEP * sensitivity);
  // A pass finds a line where any test clears its threshold, so only each test's largest
  // difference over the reaches and directions is held against the thresholds; the lighter-gap
  // test, which also asks that its sides match, is still taken difference by difference.
  const passesOver = (value: number, thresholds: number[]) => {
    let bits = 0;
    for (let k = 0; k < passes; k++) if (value >= thresholds[k]) bits |= 1 << k;
    return bits;
  };
  const pixels = width * height;
  const { logLight, redShift, blueShift } = features;
  const edges = new Uint8Array(pixels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v = logLight[i];
      let darker = -Infinity;
      let bits = 0;
      for (let d = 1; d <= GAP_REACH; d++) {
        if (x >= d && x + d < width) {
          const before = logLight[i - d];
          const after = logLight[i + d];
          darker = max(darker, (before < after ? before : after) - v);
          if (lightGaps) bits |= lighterGapPasses(before, v, after, depths);
        }
        if (y >= d && y + d < height) {
          const before = logLight[i - d * width];
          const after = logLight[i + d * width];
          darker = max(darker, (before < after ? before : after) - v);
          if (lightGaps) bits |= lighterGapPasses(before, v, after, depths);
        }
      }
      let light = -Infinity;
      let colour = -Infinity;
      if (x > 0 && x + 1 < width) {
        light = abs(logLight[i + 1] - logLight[i - 1]);
        colour = abs(redShift[i + 1] - redShift[i - 1]) + abs(blueShift[i + 1] - blueShift[i - 1]);
      }
      if (y > 0 && y + 1 < height) {
        const up = i - width;
        const down = i + width;
        light = max(light, abs(logLight[down] - logLight[up]));
        colour = max(
          colour,
          abs(redShift[down] - redShift[up]) + abs(blueShift[down] - blueShift[up]),
        );
      }
      edges[i] =
        bits |
        passesOver(darker, depths) |
        passesOver(light, steps) |
        passesOver(colour, colourSteps);
    }
  }
  return sensitivities.map((_, k) => thicken(edges, width, height, 1 << k));
}

/**
 * The passes (a bit each, by their `depths`) to which the middle of three pixels is a lit gap:
 * lighter than two sides that match (between two fronts of one finish). A bevel catching the
 * light is no gap: it has the front on one side and the dark gap on the other. (A line darker
 * than both sides, a groove or a shaded gap, is a gap to every pass whose depth it reaches.)
 */
function lighterGapPasses(before: number, v: number, after: number, depths: number[]): number {
  const lighter = v - (before > after ? before : after);
  // Mostly no lighter line at all: nothing to hold against each pass.
  if (lighter <= 0) return 0;
  const apart = abs(before - after);
  let bits = 0;
  for (let k = 0; k < depths.length; k++) {
    const depth = depths[k];
    if (lighter >= depth && apart <= depth / 2) bits |= 1 << k;
  }
  return bits;
}

/**
 * One pixel of growth closes the corners of a gap frame, where neither the valley nor the step
 * test fires, so a front cannot leak into the wall through them. `pass` is the bit of `edges` read.
 */
function thicken(edges: Uint8Array, width: number, height: number, pass: number): Uint8Array {
  const out = new Uint8Array(edges.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (
        edges[i] & pass ||
        (x > 0 && edges[i - 1] & pass) ||
        (x + 1 < width && edges[i + 1] & pass) ||
        (y > 0 && edges[i - width] & pass) ||
        (y + 1 < height && edges[i + width] & pass)
      ) {
        out[i] = 1;
      }
    }
  }
  return out;
}

function describeRegions(
  labels: Int32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
): Region[] {
  // A piece's label is its first pixel's index, so it is met first there, and in label order.
  // Read in runs of one label (a region is looked up once a run).
  const slot = new Int32Array(labels.length);
  const regions: Region[] = [];
  for (let y = 0, rowStart = 0; y < height; y++, rowStart += width) {
    const rowEnd = rowStart + width;
    for (let i = rowStart; i < rowEnd;) {
      const label = labels[i];
      if (label < 0) {
        i++;
        continue;
      }
      const x = i - rowStart;
      let region: Region;
      if (label === i) {
        slot[i] = regions.length;
        region = {
          label,
          area: 0,
          minX: x,
          minY: y,
          maxX: x,
          maxY: y,
          r: 0,
          g: 0,
          b: 0,
          bordersTouched: 0,
        };
        regions.push(region);
      } else {
        region = regions[slot[label]];
      }
      const start = i;
      let r = 0;
      let g = 0;
      let b = 0;
      do {
        r += rgb[i * 3];
        g += rgb[i * 3 + 1];
        b += rgb[i * 3 + 2];
        i++;
      } while (i < rowEnd && labels[i] === label);
      region.area += i - start;
      if (x < region.minX) region.minX = x;
      if (i - 1 - rowStart > region.maxX) region.maxX = i - 1 - rowStart;
      region.maxY = y;
      region.r += r;
      region.g += g;
      region.b += b;
    }
  }
  for (const region of regions) {
    region.r /= region.area;
    region.g /= region.area;
    region.b /= region.area;
    region.bordersTouched =
      Number(region.minX === 0) +
      Number(region.minY === 0) +
      Number(region.maxX === width - 1) +
      Number(region.maxY === height - 1);
  }
  return regions;
}

/** Which way strips lie against each other: stacked (one over the next) or side by side. */
interface StripAxis {
  /** Along the axis the strips follow one another: a strip's start and end. */
  start: 'minY' | 'minX';
  end: 'maxY' | 'maxX';
  /** Across it: the strip's sides, which line up. */
  from: 'minX' | 'minY';
  to: 'maxX' | 'maxY';
  /** Which strips take part, by their size along and across. */
  isStrip: (along: number, across: number) => boolean;
  /**
   * Joined only across the grooves, not the gaps between fronts: a finish's grooves are many and
   * alike, so a line wider than most of them is a gap.
   */
  narrowestSeams: boolean;
  /** A door-sized region takes the strips its grooves cut off it. */
  piecesTakeStrips: boolean;
}

/**
 * Horizontal grooves and a drawer stack's gaps cut a front into wide strips stacked with the same
 * left and right edges, at least half as wide as tall (a handle across a groove can cut a strip
 * short). Two doors stacked that close (a tall larder) join as well, which paints the same pixels.
 */
const STACKED: StripAxis = {
  start: 'minY',
  end: 'maxY',
  from: 'minX',
  to: 'maxX',
  isStrip: (along, across) => across >= STRIP_ASPECT * along,
  narrowestSeams: false,
  piecesTakeStrips: false,
};

/**
 * Vertical grooves cut a front into narrow strips side by side with the same top and bottom, each
 * too narrow to be a front (a door is never five times as tall as wide). The gaps between the
 * doors of a row are wider than their grooves: the strips join up to them.
 */
const SIDE_BY_SIDE: StripAxis = {
  start: 'minX',
  end: 'maxX',
  from: 'minY',
  to: 'maxY',
  isStrip: (along, across) => across > MAX_ASPECT * along,
  narrowestSeams: true,
  piecesTakeStrips: true,
};

/**
 * Grooved fronts and drawer stacks come apart at their grooves and gaps into strips lying against
 * each other along `axis`, lined up across it. Joined, they make one front-sized region.
 */
function joinStrips(
  regions: Region[],
  labels: Int32Array,
  width: number,
  axis: StripAxis,
): Region[] {
  const height = labels.length / width;
  const tolerance = alignmentTolerance(height);
  const { start, end, from, to } = axis;
  const isStrip = (region: Region) =>
    axis.isStrip(region[end] - region[start] + 1, region[to] - region[from] + 1);
  const isPiece = (region: Region) =>
    axis.piecesTakeStrips && isDoorSized(widthOf(region), heightOf(region));
  // Along the axis, a strip is where it runs: a region whose box is no strip's may be one with a
  // hook off its end (test/bench/visualizer-tuning-log.md#0064). Its lines are a
  // strip's on average too, which spares measuring the large regions line by line.
  const spans = new Map<Region, [number, number]>();
  for (const region of regions) {
    if (region.area < MIN_STRIP_PIXELS || region.bordersTouched) continue;
    if (isStrip(region) || isPiece(region)) {
      spans.set(region, [region[start], region[end]]);
      continue;
    }
    const across = region[to] - region[from] + 1;
    if (!axis.isStrip(region.area / across, across)) continue;
    const span = runningSpan(labels, width, region.label, region, start === 'minX');
    if (axis.isStrip(span[1] - span[0] + 1, across)) spans.set(region, span);
  }
  const strips = [...spans.keys()].sort((a, b) => spans.get(a)![0] - spans.get(b)![0]);
  const startOf = (k: number) => spans.get(strips[k])![0];
  const endOf = (k: number) => spans.get(strips[k])![1];
  const piece = strips.map((region) => isPiece(region) && !isStrip(region));
  /** Strips that lie against each other (by index), and how wide the line between them is. */
  const lying: [number, number, number][] = [];
  for (let a = 0; a < strips.length; a++) {
    for (let b = a + 1; b < strips.length; b++) {
      const first = strips[a];
      const next = strips[b];
      const between = startOf(b) - endOf(a);
      if (between > MAX_GROOVE) break;
      // A handle across a groove notches one side of a strip: one side lining up will do.
      const overlap = min(first[to], next[to]) - max(first[from], next[from]);
      const wider = max(first[to] - first[from], next[to] - next[from]);
      // Seen at an angle a groove slants, so the strips' boxes overlap a little.
      if (
        between > -MAX_GROOVE_SLANT * wider &&
        startOf(a) + endOf(a) < startOf(b) + endOf(b) &&
        overlap >= MIN_STRIP_OVERLAP * wider &&
        linedUpAcrossGroove(
          Number(piece[a]) + Number(piece[b]),
          abs(first[from] - next[from]) <= tolerance,
          abs(first[to] - next[to]) <= tolerance,
        ) &&
        sameFinish(first, next)
      ) {
        lying.push([a, b, between]);
      }
    }
  }
  const widest = axis.narrowestSeams
    ? median(lying.filter(([a, b]) => !piece[a] && !piece[b]).map(([, , between]) => between)) + 1
    : MAX_GROOVE;
  const parts = strips.map((region, k) => ({
    isPiece: piece[k],
    start: startOf(k),
    end: endOf(k),
    from: region[from],
    to: region[to],
  }));
  const { headOf: find, seams } = joinAcrossGrooves(parts, lying, widest);
  // The groove or gap between joined strips is part of the front, not a hole cut into it: the
  // boundary pixels between them (or, where a groove slants, in the stretch both share).
  const pixelAt =
    start === 'minY'
      ? (along: number, across: number) => along * width + across
      : (along: number, across: number) => across * width + along;
  const seamPixels = new Map<Region, number[]>();
  for (const [a, b] of seams) {
    const [first, next] = [strips[a], strips[b]];
    const head = strips[find(a)];
    const pixels = seamPixels.get(head) ?? [];
    const side = max(first[from], next[from]);
    const otherSide = min(first[to], next[to]);
    for (
      let along = min(endOf(a) + 1, startOf(b));
      along <= max(startOf(b) - 1, endOf(a));
      along++
    ) {
      for (let across = side; across <= otherSide; across++) {
        const i = pixelAt(along, across);
        if (labels[i] < 0) pixels.push(i);
      }
    }
    seamPixels.set(head, pixels);
  }
  const joined = new Map<number, Region>();
  const absorbed = new Set<Region>();
  strips.forEach((strip, k) => {
    const head = strips[find(k)];
    if (head === strip) return;
    absorbed.add(strip);
    let group = joined.get(head.label);
    if (!group) {
      const seam = new Set(head.seam);
      for (const pixel of seamPixels.get(head) ?? []) seam.add(pixel);
      group = {
        ...head,
        r: head.r * head.area,
        g: head.g * head.area,
        b: head.b * head.area,
        seam,
      };
      group.area += seam.size - (head.seam?.size ?? 0);
      joined.set(head.label, group);
    }
    group.r += strip.r * strip.area;
    group.g += strip.g * strip.area;
    group.b += strip.b * strip.area;
    group.area += strip.area;
    for (const pixel of strip.seam ?? []) group.seam!.add(pixel);
    group.minX = min(group.minX, strip.minX);
    group.maxX = max(group.maxX, strip.maxX);
    group.minY = min(group.minY, strip.minY);
    group.maxY = max(group.maxY, strip.maxY);
    for (let y = strip.minY; y <= strip.maxY; y++) {
      for (let i = y * width + strip.minX; i <= y * width + strip.maxX; i++) {
        if (labels[i] === strip.label) labels[i] = head.label;
      }
    }
  });
  for (const group of joined.values()) {
    group.r /= group.area;
    group.g /= group.area;
    group.b /= group.area;
  }
  return regions
    .filter((region) => !absorbed.has(region) && !joined.has(region.label))
    .concat([...joined.values()]);
}

/**
 * Brushed steel (appliances) is grey and streaked along one axis: across the grain most pixels
 * show a fine streak (a second difference), along it few do. Smooth shading has none either
 * way; sensor noise has them both ways; a groove line is a few rows, not most pixels.
 */
function looksLikeBrushedMetal(region: Region, labels: Int32Array, image: RgbImage): boolean {
  const brightest = max(region.r, region.g, region.b);
  const darkest = min(region.r, region.g, region.b);
  if ((brightest - darkest) / (brightest + 1) > METAL_MAX_SATURATION) return false;
  const { width, data } = image;
  let pixels = 0;
  let across = 0;
  let along = 0;
  for (let y = region.minY + 1; y < region.maxY; y++) {
    for (let x = region.minX + 1; x < region.maxX; x++) {
      const i = y * width + x;
      if (labels[i] !== region.label) continue;
      pixels++;
      const centre = 2 * data[i * 3 + 1];
      if (abs(centre - data[(i - 1) * 3 + 1] - data[(i + 1) * 3 + 1]) >= METAL_STREAK) across++;
      if (abs(centre - data[(i - width) * 3 + 1] - data[(i + width) * 3 + 1]) >= METAL_STREAK) {
        along++;
      }
    }
  }
  const streaked = max(across, along);
  return (
    streaked >= METAL_MIN_STREAKED * pixels &&
    streaked >= METAL_MIN_ANISOTROPY * (min(across, along) + 1)
  );
}

/** The corners of a region: in a photo taken at an angle, its top and bottom lines slant. */
function cornersOf(region: Region, labels: Int32Array, width: number): CornerTracker {
  const corners = new CornerTracker();
  for (let y = region.minY; y <= region.maxY; y++) {
    for (let x = region.minX; x <= region.maxX; x++) {
      if (labels[y * width + x] === region.label) corners.add(x, y);
    }
  }
  return corners;
}

/** Corner indices (clockwise from the top left) of a front's top line and of its bottom line. */
const TOP = [0, 1] as const;
const BOTTOM = [3, 2] as const;

/**
 * Whether one straight line runs along the top (or bottom) of both regions: the line through
 * the outer two corners passes within half of `tolerance` of the inner two. Half: any two fronts
 * side by side have some line through their outer corners, and over a short run a slant can
 * bridge the step from a front to an oven's control strip.
 */
function shareStraightLine(
  a: CornerTracker,
  b: CornerTracker,
  line: typeof TOP | typeof BOTTOM,
  tolerance: number,
): boolean {
  const [left, right] = a.points[0][0] <= b.points[0][0] ? [a, b] : [b, a];
  const [start, innerLeft] = [left.points[line[0]], left.points[line[1]]];
  const [innerRight, end] = [right.points[line[0]], right.points[line[1]]];
  const run = end[0] - start[0];
  const heightAt = ([x]: Point) =>
    run > 0 ? start[1] + ((end[1] - start[1]) * (x - start[0])) / run : start[1];
  return (
    abs(innerLeft[1] - heightAt(innerLeft)) <= tolerance / 2 &&
    abs(innerRight[1] - heightAt(innerRight)) <= tolerance / 2
  );
}

/** How many times brighter the brighter of the two is. */
function lightRatio(a: Colour, b: Colour): number {
  const la = luminanceOf(a) + 4;
  const lb = luminanceOf(b) + 4;
  return max(la / lb, lb / la);
}

/**
 * Same finish under different light: the hue must match closely while brightness may vary as
 * much as light falling across a room varies (`maxLightRatio`: more where deep shade falls).
 */
function sameFinish(a: Colour, b: Colour, maxLightRatio = MAX_LIGHT_RATIO): boolean {
  if (lightRatio(a, b) > maxLightRatio) return false;
  const sa = a.r + a.g + a.b + 30;
  const sb = b.r + b.g + b.b + 30;
  const chroma = hypot(
    (a.r + 10) / sa - (b.r + 10) / sb,
    (a.g + 10) / sa - (b.g + 10) / sb,
    (a.b + 10) / sa - (b.b + 10) / sb,
  );
  return chroma <= SAME_HUE_DISTANCE;
}

/**
 * The region's pixels plus the holes inside it (handles, knobs): everything in its bounding box
 * that cannot be reached from the box's edge without crossing the region.
 */
/** `filledRegionMask`'s stack, kept through a detection: a new one a candidate was garbage. */
let floodStack = new Int32Array(0);

function filledRegionMask(region: Region, labels: Int32Array, width: number): Uint8Array {
  const w = region.maxX - region.minX + 1;
  const h = region.maxY - region.minY + 1;
  // Hot (every candidate of every pass): 1 where the region is, found once per pixel, then the
  // outside flooded in from the box's rim on a typed stack.
  const inside = new Uint8Array(w * h);
  for (let ly = 0, j = 0; ly < h; ly++) {
    const from = (region.minY + ly) * width + region.minX;
    for (let lx = 0; lx < w; lx++, j++) {
      const label = labels[from + lx];
      if (label === region.label || (label < 0 && region.seam?.has(from + lx) === true)) {
        inside[j] = 1;
      }
    }
  }
  const outside = new Uint8Array(w * h);
  if (floodStack.length < w * h) floodStack = new Int32Array(w * h);
  const stack = floodStack;
  let size = 0;
  const push = (j: number) => {
    if (!outside[j] && !inside[j]) {
      outside[j] = 1;
      stack[size++] = j;
    }
  };
  for (let lx = 0; lx < w; lx++) {
    push(lx);
    push((h - 1) * w + lx);
  }
  for (let ly = 0; ly < h; ly++) {
    push(ly * w);
    push(ly * w + w - 1);
  }
  while (size) {
    const j = stack[--size];
    const lx = j % w;
    if (lx > 0) push(j - 1);
    if (lx < w - 1) push(j + 1);
    if (j >= w) push(j - w);
    if (j < (h - 1) * w) push(j + w);
  }
  return outside;
}

/**
 * Filled, the region is nearly its bounding box. Holes are handles and knobs (small), or a
 * framed front's recessed panel (large, but of the frame's own finish); an oven's dark glass
 * door is a large hole of another colour.
 */
function isSolidRectangle(region: Region, labels: Int32Array, rgb: Uint8Array, width: number) {
  const outside = filledRegionMask(region, labels, width);
  let filled = 0;
  const hole = { r: 0, g: 0, b: 0, area: 0 };
  for (let y = region.minY, j = 0; y <= region.maxY; y++) {
    for (let i = y * width + region.minX; i <= y * width + region.maxX; i++, j++) {
      if (outside[j]) continue;
      filled++;
      const label = labels[i];
      if (label === region.label || label < 0) continue;
      hole.r += rgb[i * 3];
      hole.g += rgb[i * 3 + 1];
      hole.b += rgb[i * 3 + 2];
      hole.area++;
    }
  }
  if (filled / outside.length < MIN_FILL_RATIO) return false;
  // Lines inside the front (a panel's edges, a handle's outline, grain) are no holes: on a small
  // drawer front they alone would pass for one.
  if (hole.area / filled <= MAX_HOLE_FRACTION) return true;
  if (hole.area === 0) return false;
  const panel = { ...region, r: hole.r / hole.area, g: hole.g / hole.area, b: hole.b / hole.area };
  // Frame and panel share the light as well as the paint; an oven's glass is darker.
  const light = (luminanceOf(region) + 4) / (luminanceOf(panel) + 4);
  return sameFinish(region, panel) && max(light, 1 / light) <= MAX_PANEL_LIGHT_RATIO;
}

/**
 * A front is painted or foiled in one colour: light, shade and grain change how bright it is, its
 * handle is small. A region of which a good share is of another hue shows a picture: the view
 * through a window (sky over trees or roofs), a poster, a glass cabinet's contents. Hue is taken
 * relative to brightness, so shade leaves it as it is.
 */
function showsOneColour(region: Region, labels: Int32Array, rgb: Uint8Array, width: number) {
  // Every other pixel each way is plenty to tell a tenth of the region apart, at a quarter of the
  // work (this runs on every candidate of every pass).
  const cells = ((widthOf(region) + 1) >> 1) * ((heightOf(region) + 1) >> 1);
  const reds = new Float32Array(cells);
  const blues = new Float32Array(cells);
  let own = 0;
  for (let y = region.minY; y <= region.maxY; y += 2) {
    for (let x = region.minX; x <= region.maxX; x += 2) {
      const i = y * width + x;
      if (labels[i] !== region.label) continue;
      const r = rgb[i * 3];
      const g = rgb[i * 3 + 1];
      const b = rgb[i * 3 + 2];
      const scale = 1 / ((r + 2 * g + b) / 4 + CHROMA_OFFSET);
      reds[own] = (r - g) * scale;
      blues[own] = (b - g) * scale;
      own++;
    }
  }
  if (!own) return true;
  const middle = (values: Float32Array) => nthSmallest(values, own >> 1, own);
  const [red, blue] = [middle(reds), middle(blues)];
  let other = 0;
  for (let k = 0; k < own; k++) {
    if (hypot(reds[k] - red, blues[k] - blue) > OTHER_HUE) other++;
  }
  return other <= MAX_OTHER_HUE_SHARE * own;
}

function heightOf(region: Box): number {
  return region.maxY - region.minY + 1;
}

function widthOf(region: Box): number {
  return region.maxX - region.minX + 1;
}

function luminanceOf(region: Colour): number {
  return 0.299 * region.r + 0.587 * region.g + 0.114 * region.b;
}

function paintFilled(
  region: Region,
  labels: Int32Array,
  width: number,
  mask: Uint8Array,
  maps: FrontMaps,
  paint: { luminance: number; index: number },
): CornerTracker {
  const outside = closedNotches(
    filledRegionMask(region, labels, width),
    region.maxX - region.minX + 1,
    region.maxY - region.minY + 1,
  );
  const w = region.maxX - region.minX + 1;
  const corners = new CornerTracker();
  for (let j = 0; j < outside.length; j++) {
    if (outside[j]) continue;
    const lx = j % w;
    const ly = (j - lx) / w;
    const i = (region.minY + ly) * width + region.minX + lx;
    mask[i] = 255;
    maps.finishLuminance[i] = paint.luminance;
    maps.frontIndex[i] = paint.index;
    corners.add(region.minX + lx, region.minY + ly);
  }
  return corners;
}

/** The front's rim lost to the thickened boundary and the blur, grown back `times` pixels. */
function grow(
  mask: Uint8Array,
  width: number,
  height: number,
  maps: FrontMaps,
  times: number,
): Uint8Array {
  let grown = mask;
  for (let k = 0; k < times; k++) grown = dilate(grown, width, height, maps);
  return grown;
}

/**
 * One pixel of growth: the rim of each front belongs to the front, not the gap. The finish
 * luminance and front index grow with it (in place: a grown pixel takes its neighbour's).
 */
function dilate(mask: Uint8Array, width: number, height: number, maps: FrontMaps): Uint8Array {
  const { finishLuminance, frontIndex } = maps;
  const out = new Uint8Array(mask.length);
  // Hot (twice per pass): the rows above and below every front pixel's, and not next to one,
  // are passed over.
  let [first, last] = [0, mask.length - 1];
  while (first < mask.length && !mask[first]) first++;
  while (last > first && !mask[last]) last--;
  const [top, bottom] = [
    max(0, floor(first / width) - 1),
    min(height - 1, floor(last / width) + 1),
  ];
  for (let y = top; y <= bottom; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (mask[i]) {
        out[i] = 255;
        continue;
      }
      const from =
        x > 0 && mask[i - 1]
          ? i - 1
          : x < width - 1 && mask[i + 1]
            ? i + 1
            : y > 0 && mask[i - width]
              ? i - width
              : y < height - 1 && mask[i + width]
                ? i + width
                : -1;
      if (from < 0) continue;
      out[i] = 255;
      finishLuminance[i] = finishLuminance[from];
      frontIndex[i] = frontIndex[from];
    }
  }
  return out;
}

/**
 * A fridge-freezer's doors pass for a stack of two fronts while a pass finds nothing else
 * door-shaped (the doors beside it are found by their panels or a row's lines only afterwards);
 * once those steps have added their fronts, the fridge door is seen to be taller than any of them,
 * and the pair is taken out again.
 */
function leaveOutAppliances(base: CabinetDetection, image: RgbImage): void {
  const boxes = frontBoxes(base, image);
  // Measured against the fronts as they would stand where the doors stand
  // (test/bench/visualizer-tuning-log.md#0087).
  const falloff = heightFalloff(base.outlines);
  const appliance = applianceStacks<FrontBox>(boxes, applianceRule(image.height), boxes, (box, x) =>
    heightAt(box, x, image.width, falloff),
  );
  dropFronts(base, new Set([...appliance].map(({ front }) => front)));
}

/** Takes out a fridge-freezer of a finish no front has (see `ownFinishColumns`). */
function leaveOutOwnFinishAppliances(base: CabinetDetection, image: RgbImage): void {
  const boxes = frontBoxes(base, image);
  const column = ownFinishColumns<FrontBox>(boxes, applianceRule(image.height), COLUMN_TALLER);
  dropFronts(base, new Set([...column].map(({ front }) => front)));
}

/** What makes two stacked fronts an appliance's doors, in a picture `height` pixels tall. */
function applianceRule<T extends Colour>(height: number): StackRule<T> {
  return {
    tolerance: alignmentTolerance(height),
    maxGap: 2 * alignmentTolerance(height),
    minHeight: round(MIN_SIDE_FRACTION * height),
    taller: TALLER,
    minOverlap: MIN_STRIP_OVERLAP,
    oneFinish: sameFinish,
  };
}
