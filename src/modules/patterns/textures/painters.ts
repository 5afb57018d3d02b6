import type { PatternFamily, PatternParams, Rgb } from '#src/modules/patterns/domain/pattern.js';
import { createRandom, randomBetween } from '#src/modules/patterns/domain/random.js';
import { cellNoise, fbm, smoothstep, valueNoise, wrappedDelta } from './noise.js';

// Hot loops read Math functions from module constants: inside a vm context (as under Jest) each
// global lookup goes through an interceptor and costs about a microsecond per call.
const { PI, abs, cos, exp, floor, max, min, pow, round, sin } = Math;

/** Writes the colour (0–255 per channel) at tile coordinates u, v ∈ [0, 1) into `out`. */
export type Painter = (u: number, v: number, out: Float64Array) => void;

function mixInto(out: Float64Array, a: Rgb, b: Rgb, t: number, brightness = 1): void {
  out[0] = (a[0] + (b[0] - a[0]) * t) * brightness;
  out[1] = (a[1] + (b[1] - a[1]) * t) * brightness;
  out[2] = (a[2] + (b[2] - a[2]) * t) * brightness;
}

/** Plank wood: growth rings bent by a slow warp and around knots, with fine pore streaks. */
function wood(p: PatternParams): Painter {
  const random = createRandom(p.seed ^ 0x9e3779b9);
  const rings = 5 + round(p.scale * 9);
  const warp = fbm(p.seed + 1, 1, 2, 4, 0.45);
  const streaks = fbm(p.seed + 2, 3, 256, 3, 0.6);
  const figure = valueNoise(p.seed + 3, 2, 16);
  const knots = Array.from({ length: round(p.detail * 3) }, () => ({
    u: random(),
    v: random(),
    radius: randomBetween(random, 0.012, 0.03),
  }));
  const ringSharpness = 2 + p.contrast * 6;
  return (u, v, out) => {
    let phase = rings * (v + 0.22 * (warp(u, v) - 0.5)) + 0.35 * figure(u, v);
    let knotCore = 0;
    for (const knot of knots) {
      const dx = wrappedDelta(knot.u, u) * 0.35; // knots are stretched along the grain
      const dy = wrappedDelta(knot.v, v);
      const d2 = (dx * dx + dy * dy) / (knot.radius * knot.radius);
      phase += 1.6 * exp(-d2 * 0.25);
      knotCore = max(knotCore, exp(-d2 * 1.5));
    }
    const ring = pow(0.5 + 0.5 * cos(2 * PI * phase), ringSharpness);
    const pores = streaks(u, v);
    const t = min(1, ring * 0.6 + (pores - 0.5) * 0.7 + 0.2);
    mixInto(out, p.base, p.secondary, max(0, t), 1 - knotCore * 0.35);
  };
}

/** Marble: thin turbulent veins (integer frequencies keep them periodic) over a cloudy ground. */
function marble(p: PatternParams): Painter {
  const turbulence = fbm(p.seed + 1, 3, 3, 5);
  const clouds = fbm(p.seed + 2, 2, 2, 4);
  const random = createRandom(p.seed ^ 0x51ed27);
  const n1 = 1 + round(p.scale * 2);
  const m1 = round(random() * 2);
  const n2 = 2 + round(random() * 3);
  const m2 = -1 - round(random() * 2);
  const strength = 0.9 + p.detail * 1.3;
  const sharpness = 6 + p.contrast * 26;
  return (u, v, out) => {
    const t = turbulence(u, v);
    const main = 1 - abs(sin(PI * (n1 * u + m1 * v + strength * t)));
    const minor = 1 - abs(sin(PI * (n2 * u + m2 * v + 1.8 * strength * t)));
    const vein = pow(main, sharpness);
    const hairline = pow(minor, sharpness * 2.5) * 0.5;
    const ground = 0.94 + 0.12 * clouds(u, v);
    mixInto(out, p.base, p.secondary, min(1, vein * 0.85), ground);
    const h = hairline * (1 - vein);
    out[0] += (p.accent[0] - out[0]) * h;
    out[1] += (p.accent[1] - out[1]) * h;
    out[2] += (p.accent[2] - out[2]) * h;
  };
}

/** Granite and terrazzo-like stone: clouded ground with speckles of two other minerals. */
function stone(p: PatternParams): Painter {
  const clouds = fbm(p.seed + 1, 3, 3, 4);
  const period = 64 + round(p.scale * 96);
  const grainA = valueNoise(p.seed + 2, period);
  const grainB = valueNoise(p.seed + 3, round(period * 1.3));
  const dark = valueNoise(p.seed + 4, round(period * 1.7));
  const density = 0.74 - p.detail * 0.08;
  return (u, v, out) => {
    const ground = 0.9 + 0.2 * clouds(u, v);
    mixInto(out, p.base, p.base, 0, ground);
    const a = smoothstep(density, density + 0.04, grainA(u, v));
    const b = smoothstep(density + 0.04, density + 0.08, grainB(u, v)) * (1 - a);
    const d = smoothstep(0.26, 0.22, dark(u, v)) * (0.5 + p.contrast * 0.5);
    for (let c = 0; c < 3; c++) {
      out[c] += (p.secondary[c] - out[c]) * a;
      out[c] += (p.accent[c] - out[c]) * b;
      out[c] *= 1 - d * 0.6;
    }
  };
}

/** Cast concrete: large soft blotches, sandy grain and small dark pores. */
function concrete(p: PatternParams): Painter {
  const blotches = fbm(p.seed + 1, 3, 3, 5, 0.55);
  const sand = valueNoise(p.seed + 2, 384);
  const pores = valueNoise(p.seed + 3, 96 + round(p.scale * 96));
  const poreLevel = 0.86 - p.detail * 0.06;
  return (u, v, out) => {
    const b = blotches(u, v);
    mixInto(out, p.base, p.secondary, smoothstep(0.35, 0.75, b) * (0.5 + p.contrast * 0.5));
    const grain = 0.96 + 0.08 * sand(u, v);
    const pore = smoothstep(poreLevel, poreLevel + 0.05, pores(u, v));
    const shade = grain * (1 - pore * 0.45);
    out[0] *= shade;
    out[1] *= shade;
    out[2] *= shade;
  };
}

/** Solid colour: a matt film is never perfectly flat, so a trace of noise keeps it from banding. */
function solid(p: PatternParams): Painter {
  const fine = valueNoise(p.seed + 1, 512);
  const soft = fbm(p.seed + 2, 4, 4, 3);
  return (u, v, out) => {
    const shade = 1 + (fine(u, v) - 0.5) * 0.035 + (soft(u, v) - 0.5) * 0.03;
    mixInto(out, p.base, p.base, 0, shade);
  };
}

/** Brushed metal: long horizontal streaks at several fine scales and a soft sheen band. */
function metallic(p: PatternParams): Painter {
  const brush = fbm(p.seed + 1, 2, 256, 3, 0.7);
  const scratches = valueNoise(p.seed + 2, 8, 768);
  const sheenWarp = fbm(p.seed + 3, 2, 2, 3);
  const amount = 0.12 + p.contrast * 0.14;
  return (u, v, out) => {
    const streak = (brush(u, v) - 0.5) * amount + (scratches(u, v) - 0.5) * amount * 0.6;
    const sheen = 0.5 + 0.5 * cos(2 * PI * (v + 0.3 * sheenWarp(u, v)));
    mixInto(out, p.base, p.secondary, sheen * (0.35 + p.detail * 0.35), 1 + streak);
  };
}

/** Linen: plain weave of warp and weft threads with uneven (slubby) thickness and tone. */
function textile(p: PatternParams): Painter {
  const threads = 2 * (28 + round(p.scale * 28)); // even, so the over/under checker wraps
  const warpTone = valueNoise(p.seed + 1, threads, 6);
  const weftTone = valueNoise(p.seed + 2, 6, threads);
  const slub = fbm(p.seed + 3, 4, 4, 3);
  const depth = 0.25 + p.contrast * 0.3;
  return (u, v, out) => {
    // Half a thread of offset puts the tile edge mid-thread, not on a crossing line.
    const x = u * threads + 0.5;
    const y = v * threads + 0.5;
    const cx = floor(x);
    const cy = floor(y);
    const warpOnTop = (cx + cy) % 2 === 0; // an even thread count makes cx = threads ≡ 0
    const across = warpOnTop ? x - cx : y - cy;
    const profile = sin(PI * across);
    const tone = warpOnTop ? warpTone((cx + 0.5) / threads, v) : weftTone(u, (cy + 0.5) / threads);
    const t = min(1, max(0, (1 - profile) * 0.8 + (tone - 0.5) * (0.6 + p.detail)));
    mixInto(out, p.base, p.secondary, t, 1 - depth * (1 - profile) + (slub(u, v) - 0.5) * 0.1);
  };
}

/** Pebbled leather: cellular grain with darker creases and a slow mottling. */
function leather(p: PatternParams): Painter {
  const fine = cellNoise(p.seed + 1, 40 + round(p.scale * 40));
  const coarse = cellNoise(p.seed + 2, 10 + round(p.scale * 8));
  const mottle = fbm(p.seed + 3, 3, 3, 4);
  const creaseDepth = 0.25 + p.contrast * 0.3;
  return (u, v, out) => {
    const small = fine(u, v);
    const smallCrease = smoothstep(0, 0.18, small.second - small.nearest);
    const smallDome = 1 - min(1, small.nearest) * 0.25;
    const big = coarse(u, v);
    const bigCrease = smoothstep(0, 0.08, big.second - big.nearest);
    const shade =
      (1 - creaseDepth * (1 - smallCrease)) * (1 - 0.25 * (1 - bigCrease)) * smallDome * 1.08;
    mixInto(out, p.base, p.secondary, smoothstep(0.3, 0.7, mottle(u, v)) * p.detail, shade);
  };
}

const PAINTERS: Record<PatternFamily, (params: PatternParams) => Painter> = {
  wood,
  marble,
  stone,
  concrete,
  solid,
  metallic,
  textile,
  leather,
};

export function createPainter(family: PatternFamily, params: PatternParams): Painter {
  return PAINTERS[family](params);
}
