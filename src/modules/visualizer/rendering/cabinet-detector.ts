/**
 * Finds cabinet fronts in a kitchen photo at analysis resolution (about 1 MP).
 *
 * A front is a flat, evenly coloured, door-shaped region bounded by the dark gaps between
 * fronts. Fronts come in sets of the same finish, so a lone rectangle (a fridge door, an oven,
 * a window pane) is not one. Walls and floors are too big or run off the picture; worktops,
 * plinths and tiles have the wrong size or shape; daylight through a window is overexposed.
 */

// Bound once: global lookups are slow inside pixel loops when run in a vm context (tests).
const { abs, hypot, max, min, round } = Math;

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
  fronts: number;
  /** Median front width in analysis pixels (sizes the pattern). */
  medianFrontWidth: number;
}

/** Neighbour colour step still counted as the same surface; dark surfaces get a finer one. */
const mergeThreshold = (luminance: number) => 3 + luminance / 64;
const MIN_AREA_FRACTION = 0.002;
const MAX_AREA_FRACTION = 0.1;
const MIN_FILL_RATIO = 0.8;
const MAX_ASPECT = 5;
/** Shortest side of a front as a share of the picture height: floor planks and tiles are thinner. */
const MIN_SIDE_FRACTION = 0.05;
/** A set's members are similar in size; anything much larger (a fridge door) is not a front. */
const MAX_AREA_TO_MEDIAN = 2.4;
/** Handles and knobs make small holes; an oven's glass door makes a big one. */
const MAX_HOLE_FRACTION = 0.15;
const OVEREXPOSED_LUMINANCE = 238;
const MAX_LIGHT_RATIO = 1.45;
const SAME_HUE_DISTANCE = 0.025;
const MIN_SET_SIZE = 2;
/** Brushed steel (appliances) is grey and streaked along one axis; painted fronts are not. */
const METAL_MAX_SATURATION = 0.08;
const METAL_MIN_ANISOTROPY = 1.5;
/**
 * Fronts stand in rows (same top and bottom) or stacks (same left and right); a freezer door
 * over a fridge door or an oven's control strip lines up with nothing of its finish.
 */
const ALIGNMENT_TOLERANCE = 0.015;

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
}

export function detectCabinetFronts(image: RgbImage): CabinetDetection {
  const { width, height } = image;
  const smooth = boxBlur3(image);
  const labels = labelFlatRegions(smooth, width, height);
  const regions = describeRegions(labels, smooth, width, height);
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
      isSolidRectangle(region, labels, width) &&
      !looksLikeBrushedMetal(region, labels, image)
    );
  });

  const finished = candidates.filter((region) => {
    const set = candidates.filter((other) => sameFinish(region, other));
    if (set.length < MIN_SET_SIZE) return false;
    const areas = set.map((other) => other.area).sort((a, b) => a - b);
    return region.area <= MAX_AREA_TO_MEDIAN * areas[areas.length >> 1];
  });
  const tolerance = max(3, ALIGNMENT_TOLERANCE * height);
  const near = (a: number, b: number) => abs(a - b) <= tolerance;
  const selected = finished.filter((region) =>
    finished.some(
      (other) =>
        other !== region &&
        sameFinish(region, other) &&
        ((near(region.minY, other.minY) && near(region.maxY, other.maxY)) ||
          (near(region.minX, other.minX) && near(region.maxX, other.maxX))),
    ),
  );

  const mask = new Uint8Array(total);
  const finishLuminance = new Uint8Array(total);
  for (const region of selected) {
    const finish = selected.filter((other) => sameFinish(region, other));
    const finishArea = finish.reduce((sum, other) => sum + other.area, 0);
    const mean =
      finish.reduce((sum, other) => sum + luminanceOf(other) * other.area, 0) / finishArea;
    paintFilled(region, labels, width, mask, finishLuminance, max(1, round(mean)));
  }
  const widths = selected.map((region) => region.maxX - region.minX + 1).sort((a, b) => a - b);
  return {
    mask: dilate(mask, width, height, finishLuminance),
    finishLuminance,
    fronts: selected.length,
    medianFrontWidth: widths.length ? widths[widths.length >> 1] : width / 8,
  };
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

/** Union-find over 4-neighbours whose colours differ by at most the merge threshold. */
function labelFlatRegions(rgb: Uint8Array, width: number, height: number): Int32Array {
  const parent = new Int32Array(width * height);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  // Hot loop (a million pixels, two neighbours each): plain code, no closures.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const p = i * 3;
      const limit = mergeThreshold((rgb[p] + 2 * rgb[p + 1] + rgb[p + 2]) / 4);
      for (let side = 0; side < 2; side++) {
        const j = side === 0 ? (x + 1 < width ? i + 1 : -1) : y + 1 < height ? i + width : -1;
        if (j < 0) continue;
        const q = j * 3;
        if (
          abs(rgb[p] - rgb[q]) > limit ||
          abs(rgb[p + 1] - rgb[q + 1]) > limit ||
          abs(rgb[p + 2] - rgb[q + 2]) > limit
        ) {
          continue;
        }
        let a = i;
        while (parent[a] !== a) a = parent[a] = parent[parent[a]];
        let b = j;
        while (parent[b] !== b) b = parent[b] = parent[parent[b]];
        if (a < b) parent[b] = a;
        else if (b < a) parent[a] = b;
      }
    }
  }
  for (let i = 0; i < parent.length; i++) {
    let root = i;
    while (parent[root] !== root) root = parent[root];
    parent[i] = root;
  }
  return parent;
}

function describeRegions(
  labels: Int32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
): Region[] {
  const byLabel = new Map<number, Region>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const label = labels[i];
      let region = byLabel.get(label);
      if (!region) {
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
        byLabel.set(label, region);
      }
      region.area++;
      if (x < region.minX) region.minX = x;
      if (x > region.maxX) region.maxX = x;
      if (y > region.maxY) region.maxY = y;
      region.r += rgb[i * 3];
      region.g += rgb[i * 3 + 1];
      region.b += rgb[i * 3 + 2];
    }
  }
  const regions = [...byLabel.values()];
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

function looksLikeBrushedMetal(region: Region, labels: Int32Array, image: RgbImage): boolean {
  const brightest = max(region.r, region.g, region.b);
  const darkest = min(region.r, region.g, region.b);
  if ((brightest - darkest) / (brightest + 1) > METAL_MAX_SATURATION) return false;
  const { width, data } = image;
  let across = 0;
  let along = 0;
  for (let y = region.minY; y < region.maxY; y++) {
    for (let x = region.minX; x < region.maxX; x++) {
      const i = y * width + x;
      if (labels[i] !== region.label) continue;
      if (labels[i + 1] === region.label) across += abs(data[i * 3 + 1] - data[(i + 1) * 3 + 1]);
      if (labels[i + width] === region.label) {
        along += abs(data[i * 3 + 1] - data[(i + width) * 3 + 1]);
      }
    }
  }
  const ratio = (max(across, along) + 1) / (min(across, along) + 1);
  return ratio >= METAL_MIN_ANISOTROPY;
}

/**
 * Same finish under different light: the hue must match closely while brightness may vary as
 * much as light falling across a room varies.
 */
function sameFinish(a: Region, b: Region): boolean {
  const la = 0.299 * a.r + 0.587 * a.g + 0.114 * a.b + 4;
  const lb = 0.299 * b.r + 0.587 * b.g + 0.114 * b.b + 4;
  if (max(la / lb, lb / la) > MAX_LIGHT_RATIO) return false;
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
function filledRegionMask(region: Region, labels: Int32Array, width: number): Uint8Array {
  const w = region.maxX - region.minX + 1;
  const h = region.maxY - region.minY + 1;
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const isRegion = (lx: number, ly: number) =>
    labels[(region.minY + ly) * width + region.minX + lx] === region.label;
  const push = (lx: number, ly: number) => {
    const j = ly * w + lx;
    if (!outside[j] && !isRegion(lx, ly)) {
      outside[j] = 1;
      stack.push(j);
    }
  };
  for (let lx = 0; lx < w; lx++) {
    push(lx, 0);
    push(lx, h - 1);
  }
  for (let ly = 0; ly < h; ly++) {
    push(0, ly);
    push(w - 1, ly);
  }
  while (stack.length) {
    const j = stack.pop()!;
    const lx = j % w;
    const ly = (j - lx) / w;
    if (lx > 0) push(lx - 1, ly);
    if (lx < w - 1) push(lx + 1, ly);
    if (ly > 0) push(lx, ly - 1);
    if (ly < h - 1) push(lx, ly + 1);
  }
  return outside;
}

function isSolidRectangle(region: Region, labels: Int32Array, width: number): boolean {
  const outside = filledRegionMask(region, labels, width);
  let filled = 0;
  for (let j = 0; j < outside.length; j++) if (!outside[j]) filled++;
  return (
    filled / outside.length >= MIN_FILL_RATIO &&
    (filled - region.area) / filled <= MAX_HOLE_FRACTION
  );
}

function luminanceOf(region: Region): number {
  return 0.299 * region.r + 0.587 * region.g + 0.114 * region.b;
}

function paintFilled(
  region: Region,
  labels: Int32Array,
  width: number,
  mask: Uint8Array,
  finishLuminance: Uint8Array,
  luminance: number,
): void {
  const outside = filledRegionMask(region, labels, width);
  const w = region.maxX - region.minX + 1;
  for (let j = 0; j < outside.length; j++) {
    if (outside[j]) continue;
    const lx = j % w;
    const ly = (j - lx) / w;
    const i = (region.minY + ly) * width + region.minX + lx;
    mask[i] = 255;
    finishLuminance[i] = luminance;
  }
}

/**
 * One pixel of growth: the blurred rim of each front belongs to the front, not the gap. The
 * finish luminance grows with it (in place: a grown pixel takes its neighbour's value).
 */
function dilate(
  mask: Uint8Array,
  width: number,
  height: number,
  finishLuminance: Uint8Array,
): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const from = mask[i]
        ? i
        : x > 0 && mask[i - 1]
          ? i - 1
          : x < width - 1 && mask[i + 1]
            ? i + 1
            : y > 0 && mask[i - width]
              ? i - width
              : y < height - 1 && mask[i + width]
                ? i + width
                : -1;
      if (from >= 0) {
        out[i] = 255;
        if (from !== i) finishLuminance[i] = finishLuminance[from];
      }
    }
  }
  return out;
}
