export type Quantities = { doors: number; drawers: number; metres: number };
/** What the visitor typed, so a field can be cleared while editing. */
export type QuantityInputs = Record<keyof Quantities, string>;

export const QUANTITY_MAX: Quantities = { doors: 999, drawers: 999, metres: 100 };

/** Non-numeric or negative counts as 0; parts round up (docs/product.md#quote-wizard). */
export function toQuantity(raw: string, max: number): number {
  const value = Math.ceil(Number(raw));
  return Number.isFinite(value) && value > 0 ? Math.min(value, max) : 0;
}

export const toQuantities = (inputs: QuantityInputs): Quantities => ({
  doors: toQuantity(inputs.doors, QUANTITY_MAX.doors),
  drawers: toQuantity(inputs.drawers, QUANTITY_MAX.drawers),
  metres: toQuantity(inputs.metres, QUANTITY_MAX.metres),
});

export const hasAnyQuantity = (q: Quantities) => q.doors > 0 || q.drawers > 0 || q.metres > 0;
