import { useSyncExternalStore } from 'react';
import type { Pattern } from '#src/contract/patterns';
import { requestJson } from '@/shared/api/postJson';

interface Catalogue {
  patterns?: Pattern[];
  failed: boolean;
}

// The whole catalogue (~600 rows, a few kB gzipped) in one request: search and paging are
// instant on the client. Loaded once per visit.
let catalogue: Catalogue = { failed: false };
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function settle(next: Catalogue): void {
  catalogue = next;
  listeners.forEach((listener) => listener());
}

/**
 * Resolves once the catalogue is here (or has failed to load), so the page's first render shows
 * the same first page of patterns as its prerendered markup.
 */
export function loadPatterns(): Promise<void> {
  if (catalogue.patterns) return Promise.resolve();
  loading ??= requestJson<Pattern[]>('/patterns').then(
    (patterns) => settle({ patterns, failed: false }),
    () => {
      loading = undefined;
      settle({ failed: true });
    },
  );
  return loading;
}

/** The build's prerendering puts the catalogue in itself: it has no server to ask. */
export function seedPatterns(patterns: Pattern[]): void {
  catalogue = { patterns, failed: false };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => catalogue;

/** The catalogue as the page shows it: loading, loaded, or failed with a way to try again. */
export function usePatternCatalogue() {
  const { patterns, failed } = useSyncExternalStore(subscribe, current, current);
  return {
    data: patterns,
    isLoading: !patterns && !failed,
    isError: failed,
    retry: () => {
      settle({ failed: false });
      void loadPatterns();
    },
  };
}

/** Small grid preview served next to the full texture (same file once a supplier photo exists). */
export function thumbnailPath(pattern: Pattern, format: 'jpg' | 'avif' | 'webp' = 'jpg'): string {
  return `/vinyl_patterns/thumbs/${encodeURIComponent(pattern.id)}.${format}`;
}
