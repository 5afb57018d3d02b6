/** The vinyl pattern catalogue as the public API serves it (docs/product.md#pattern-library). */

export const PATTERN_FAMILIES = [
  'wood',
  'marble',
  'stone',
  'concrete',
  'solid',
  'metallic',
  'textile',
  'leather',
] as const;
export type PatternFamily = (typeof PATTERN_FAMILIES)[number];

/** One catalogue entry as GET /api/patterns returns it. */
export interface Pattern {
  id: string;
  name: string;
  description: string;
  family: PatternFamily;
  imagePath: string;
}
