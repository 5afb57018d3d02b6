import { Transform } from 'class-transformer';

/** Trims strings before validation: a field of spaces is missing (docs/product.md#input-rules). */
export const Trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
