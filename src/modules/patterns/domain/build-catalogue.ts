import { VISUALIZER_PATTERN_CODES } from '#src/contract/visualizer.js';
import {
  type CatalogueEntry,
  type PatternFamily,
  type PatternParams,
  type Rgb,
  patternImagePath,
} from './pattern.js';
import { createRandom, hashString, randomBetween, randomInt } from './random.js';

interface Series {
  prefix: string;
  family: PatternFamily;
  count: number;
  maxNumber: number;
  /** Zero-padded numbers (AT04) versus plain ones (M5), as the supplier's codes are written. */
  pad: boolean;
}

/** The supplier's series: prefix, family and how many codes each has (≈ 600 in all). */
export const CATALOGUE_SERIES: readonly Series[] = [
  { prefix: 'NH', family: 'wood', count: 80, maxNumber: 99, pad: true },
  { prefix: 'DW', family: 'wood', count: 40, maxNumber: 60, pad: true },
  { prefix: 'WN', family: 'wood', count: 30, maxNumber: 50, pad: true },
  { prefix: 'MK', family: 'marble', count: 45, maxNumber: 70, pad: true },
  { prefix: 'MB', family: 'marble', count: 30, maxNumber: 40, pad: true },
  { prefix: 'AG', family: 'stone', count: 35, maxNumber: 50, pad: true },
  { prefix: 'ST', family: 'stone', count: 35, maxNumber: 50, pad: true },
  { prefix: 'GR', family: 'stone', count: 20, maxNumber: 30, pad: true },
  { prefix: 'CT', family: 'concrete', count: 60, maxNumber: 99, pad: true },
  { prefix: 'R', family: 'solid', count: 40, maxNumber: 60, pad: false },
  { prefix: 'S', family: 'solid', count: 40, maxNumber: 60, pad: false },
  { prefix: 'PS', family: 'solid', count: 20, maxNumber: 30, pad: true },
  { prefix: 'M', family: 'metallic', count: 20, maxNumber: 30, pad: false },
  { prefix: 'I', family: 'metallic', count: 20, maxNumber: 30, pad: false },
  { prefix: 'MT', family: 'metallic', count: 20, maxNumber: 30, pad: true },
  { prefix: 'AT', family: 'textile', count: 30, maxNumber: 40, pad: true },
  { prefix: 'TX', family: 'textile', count: 20, maxNumber: 30, pad: true },
  { prefix: 'NE', family: 'leather', count: 20, maxNumber: 99, pad: true },
  { prefix: 'LE', family: 'leather', count: 10, maxNumber: 20, pad: true },
];

type HslRange = { hue: [number, number]; sat: [number, number]; light: [number, number] };

/** Believable colour ranges per family: oaks and walnuts, white-grey marbles, grey concretes… */
const PALETTES: Record<PatternFamily, HslRange[]> = {
  wood: [
    { hue: [22, 38], sat: [0.35, 0.6], light: [0.55, 0.75] },
    { hue: [18, 30], sat: [0.35, 0.55], light: [0.3, 0.45] },
    { hue: [25, 40], sat: [0.1, 0.25], light: [0.5, 0.7] },
    { hue: [10, 22], sat: [0.3, 0.5], light: [0.18, 0.3] },
  ],
  marble: [
    { hue: [30, 50], sat: [0.05, 0.15], light: [0.86, 0.95] },
    { hue: [200, 230], sat: [0.02, 0.08], light: [0.82, 0.92] },
    { hue: [0, 360], sat: [0, 0.05], light: [0.1, 0.18] },
    { hue: [25, 40], sat: [0.15, 0.3], light: [0.7, 0.82] },
  ],
  stone: [
    { hue: [0, 360], sat: [0, 0.06], light: [0.3, 0.6] },
    { hue: [20, 40], sat: [0.08, 0.2], light: [0.45, 0.7] },
    { hue: [0, 360], sat: [0, 0.04], light: [0.12, 0.25] },
  ],
  concrete: [
    { hue: [0, 360], sat: [0, 0.04], light: [0.45, 0.7] },
    { hue: [30, 45], sat: [0.04, 0.1], light: [0.5, 0.68] },
    { hue: [200, 220], sat: [0.02, 0.06], light: [0.3, 0.45] },
  ],
  solid: [
    { hue: [0, 360], sat: [0, 0.05], light: [0.05, 0.97] },
    { hue: [0, 360], sat: [0.15, 0.55], light: [0.25, 0.7] },
    { hue: [30, 60], sat: [0.1, 0.3], light: [0.75, 0.92] },
  ],
  metallic: [
    { hue: [200, 220], sat: [0.02, 0.08], light: [0.55, 0.75] },
    { hue: [35, 48], sat: [0.35, 0.6], light: [0.45, 0.65] },
    { hue: [15, 28], sat: [0.4, 0.6], light: [0.4, 0.55] },
    { hue: [0, 360], sat: [0, 0.04], light: [0.2, 0.35] },
  ],
  textile: [
    { hue: [30, 50], sat: [0.1, 0.3], light: [0.6, 0.82] },
    { hue: [0, 360], sat: [0.02, 0.1], light: [0.3, 0.7] },
    { hue: [180, 240], sat: [0.15, 0.35], light: [0.3, 0.55] },
  ],
  leather: [
    { hue: [15, 30], sat: [0.35, 0.6], light: [0.2, 0.4] },
    { hue: [0, 360], sat: [0, 0.05], light: [0.08, 0.16] },
    { hue: [30, 40], sat: [0.25, 0.45], light: [0.45, 0.62] },
  ],
};

/** How far the secondary (grain, veins, threads…) sits from the base, in lightness. */
const SECONDARY_SHIFT: Record<PatternFamily, [number, number]> = {
  wood: [-0.22, -0.12],
  marble: [-0.45, -0.25],
  stone: [-0.25, 0.25],
  concrete: [-0.12, -0.06],
  solid: [-0.03, -0.015],
  metallic: [0.08, 0.18],
  textile: [-0.14, -0.07],
  leather: [-0.1, -0.05],
};

export function hslToRgb(hue: number, sat: number, light: number): Rgb {
  const chroma = (1 - Math.abs(2 * light - 1)) * sat;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [chroma, x, 0]
      : h < 2
        ? [x, chroma, 0]
        : h < 3
          ? [0, chroma, x]
          : h < 4
            ? [0, x, chroma]
            : h < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = light - chroma / 2;
  return [r, g, b].map((v) => Math.round(Math.min(1, Math.max(0, v + m)) * 255)) as unknown as Rgb;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Per-code texture parameters: the same code gives the same parameters on every machine. */
export function deriveParams(code: string, family: PatternFamily): PatternParams {
  const seed = hashString(code);
  const random = createRandom(seed);
  const palettes = PALETTES[family];
  const range = palettes[randomInt(random, 0, palettes.length - 1)];
  const hue = randomBetween(random, ...range.hue);
  const sat = randomBetween(random, ...range.sat);
  const light = randomBetween(random, ...range.light);
  const [shiftMin, shiftMax] = SECONDARY_SHIFT[family];
  let shift = randomBetween(random, shiftMin, shiftMax);
  // Dark bases get lighter veins/grain instead of invisible darker ones.
  if (light + shift < 0.06) shift = -shift;
  const accentHue = hue + randomBetween(random, -25, 25);
  return {
    seed,
    base: hslToRgb(hue, sat, light),
    secondary: hslToRgb(
      hue + randomBetween(random, -6, 6),
      clamp01(sat * 1.1),
      clamp01(light + shift),
    ),
    accent: hslToRgb(
      accentHue,
      clamp01(sat + randomBetween(random, 0, 0.2)),
      clamp01(light + shift * 1.6),
    ),
    scale: round3(randomBetween(random, 0, 1)),
    detail: round3(randomBetween(random, 0, 1)),
    contrast: round3(randomBetween(random, 0, 1)),
  };
}

function formatCode(series: Series, number: number): string {
  return `${series.prefix}${series.pad ? String(number).padStart(2, '0') : number}`;
}

function pickNumbers(series: Series): number[] {
  const random = createRandom(hashString(`series:${series.prefix}`));
  // The visualizer's codes are in the catalogue whatever the random draw.
  const required = VISUALIZER_PATTERN_CODES.filter(
    (code) => code.replace(/[0-9]+$/, '') === series.prefix,
  ).map((code) => Number(code.slice(series.prefix.length)));
  const picked = new Set(required);
  const pool = Array.from({ length: series.maxNumber }, (_, i) => i + 1);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  for (const number of pool) {
    if (picked.size >= series.count) break;
    picked.add(number);
  }
  return [...picked].sort((a, b) => a - b);
}

/** The whole catalogue, ordered by series then number; the committed JSON is this function's output. */
export function buildCatalogue(): CatalogueEntry[] {
  return CATALOGUE_SERIES.flatMap((series) =>
    pickNumbers(series).map((number) => {
      const id = formatCode(series, number);
      return {
        id,
        name: id,
        description: `Pattern ${id}`,
        family: series.family,
        imagePath: patternImagePath(id),
        params: deriveParams(id, series.family),
      };
    }),
  );
}
