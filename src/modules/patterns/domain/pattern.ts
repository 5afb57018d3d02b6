import type { Pattern } from '#src/contract/patterns.js';

/** The families a catalogue code belongs to; each has its own texture painter. */
export { PATTERN_FAMILIES, type Pattern, type PatternFamily } from '#src/contract/patterns.js';

export type Rgb = readonly [number, number, number];

/**
 * Everything a painter needs to draw one code, derived deterministically from the code.
 * The meaning of scale/detail/contrast is family-specific (ring count for wood, vein count for
 * marble, thread count for textile…), which keeps the catalogue data flat and easy to diff.
 */
export interface PatternParams {
  seed: number;
  base: Rgb;
  secondary: Rgb;
  accent: Rgb;
  scale: number;
  detail: number;
  contrast: number;
}

/** One row of the committed catalogue data. */
export interface CatalogueEntry extends Pattern {
  params: PatternParams;
}

/** Codes are short upper-case letter prefixes with a number, e.g. NH10, AT04, M5. */
export const PATTERN_CODE = /^[A-Z]{1,3}[0-9]{1,3}$/;

export const TEXTURE_FILE_SUFFIX = '-hd-0.jpg';

export function patternImagePath(code: string): string {
  return `/vinyl_patterns/${code}${TEXTURE_FILE_SUFFIX}`;
}
