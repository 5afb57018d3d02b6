import { createRandom } from '#src/modules/patterns/domain/random.js';

// Hot loops read Math functions from module constants: inside a vm context (as under Jest) each
// global lookup goes through an interceptor and costs about a microsecond per call.
const { floor, max, min, round, sqrt } = Math;
const { POSITIVE_INFINITY } = Number;

/** A periodic 2-D field over the unit square: f(u, v) === f(u + 1, v) === f(u, v + 1). */
export type TileableField = (u: number, v: number) => number;

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * Value noise on a lattice that wraps around after `periodX` × `periodY` cells, so the left and
 * right (and top and bottom) edges of a tile continue into each other without a seam.
 */
export function valueNoise(seed: number, periodX: number, periodY = periodX): TileableField {
  const random = createRandom(seed);
  const lattice = new Float32Array(periodX * periodY);
  for (let i = 0; i < lattice.length; i++) lattice[i] = random();
  return (u, v) => {
    const x = (u - floor(u)) * periodX;
    const y = (v - floor(v)) * periodY;
    const x0 = floor(x);
    const y0 = floor(y);
    const tx = smooth(x - x0);
    const ty = smooth(y - y0);
    const x1 = x0 + 1 === periodX ? 0 : x0 + 1;
    const row0 = y0 * periodX;
    const row1 = (y0 + 1 === periodY ? 0 : y0 + 1) * periodX;
    const top = lattice[row0 + x0] + (lattice[row0 + x1] - lattice[row0 + x0]) * tx;
    const bottom = lattice[row1 + x0] + (lattice[row1 + x1] - lattice[row1 + x0]) * tx;
    return top + (bottom - top) * ty;
  };
}

/**
 * Fractal sum of tileable value noise: each octave doubles the lattice period (so it still wraps)
 * and halves the amplitude. Result normalised to [0, 1].
 */
export function fbm(
  seed: number,
  periodX: number,
  periodY = periodX,
  octaves = 4,
  gain = 0.5,
): TileableField {
  const layers: TileableField[] = [];
  const weights: number[] = [];
  let weight = 1;
  let total = 0;
  for (let octave = 0; octave < octaves; octave++) {
    layers.push(valueNoise(seed + octave * 7919, periodX << octave, periodY << octave));
    weights.push(weight);
    total += weight;
    weight *= gain;
  }
  return (u, v) => {
    let sum = 0;
    for (let i = 0; i < layers.length; i++) sum += layers[i](u, v) * weights[i];
    return sum / total;
  };
}

export interface CellDistances {
  nearest: number;
  second: number;
}

/**
 * Worley (cellular) noise with one feature point per cell on a wrapping grid: distances to the
 * nearest and second-nearest points, in cell units. Leather's pebbled grain comes from their gap.
 */
export function cellNoise(seed: number, cells: number): (u: number, v: number) => CellDistances {
  const random = createRandom(seed);
  const points = new Float32Array(cells * cells * 2);
  for (let i = 0; i < points.length; i++) points[i] = random();
  const result: CellDistances = { nearest: 0, second: 0 };
  return (u, v) => {
    const x = (u - floor(u)) * cells;
    const y = (v - floor(v)) * cells;
    const cx = floor(x);
    const cy = floor(y);
    let nearest = POSITIVE_INFINITY;
    let second = POSITIVE_INFINITY;
    for (let dy = -1; dy <= 1; dy++) {
      const gy = cy + dy;
      const wy = (gy + cells) % cells;
      for (let dx = -1; dx <= 1; dx++) {
        const gx = cx + dx;
        const wx = (gx + cells) % cells;
        const index = (wy * cells + wx) * 2;
        const px = gx + points[index] - x;
        const py = gy + points[index + 1] - y;
        const distance = sqrt(px * px + py * py);
        if (distance < nearest) {
          second = nearest;
          nearest = distance;
        } else if (distance < second) {
          second = distance;
        }
      }
    }
    result.nearest = nearest;
    result.second = second;
    return result;
  };
}

/** Signed shortest offset from a to b on a circle of circumference 1 (the tile wraps). */
export function wrappedDelta(a: number, b: number): number {
  const delta = b - a;
  return delta - round(delta);
}

export function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = min(1, max(0, (value - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
