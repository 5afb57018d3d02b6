import { Transform } from 'class-transformer';

/** Trims strings before validation so a field of spaces counts as missing (SPEC §5). */
export const Trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
