import type { Pattern } from '#src/contract/patterns';

export const PAGE_SIZE = 24;
export const PAGE_WINDOW = 5;

/** Case-insensitive match on the model name or code (docs/product.md#pattern-library). */
export function filterPatterns(patterns: readonly Pattern[], search: string): Pattern[] {
  const needle = search.trim().toLocaleLowerCase('fi');
  if (!needle) return [...patterns];
  return patterns.filter(
    (pattern) =>
      pattern.id.toLocaleLowerCase('fi').includes(needle) ||
      pattern.name.toLocaleLowerCase('fi').includes(needle),
  );
}

export function pageCount(items: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(items / pageSize));
}

/** Up to PAGE_WINDOW consecutive page numbers around the current page, kept inside 1..pages. */
export function pageWindow(page: number, pages: number, size = PAGE_WINDOW): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
