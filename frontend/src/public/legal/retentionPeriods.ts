import { PERSONAL_DATA_RETENTION } from '#src/contract/retention';

/** The periods the server's data-protection jobs erase by: the pages print the same numbers. */
export const RETENTION = PERSONAL_DATA_RETENTION;

/** `1` → `1 vuosi`, `2` → `2 vuotta`. */
export function years(count: number): string {
  return count === 1 ? '1 vuosi' : `${count} vuotta`;
}
