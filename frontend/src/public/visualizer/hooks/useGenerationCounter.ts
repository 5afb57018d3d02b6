import { useCallback, useSyncExternalStore } from 'react';
import { FREE_RENDERS_PER_VISITOR } from '#src/contract/visualizer';

/** Storage key of the browser's count of used free visualizations (docs/product.md#visualizer). */
export const GENERATIONS_KEY = 'visualizer-generations-total';

function readCount(): number {
  const stored = Number.parseInt(localStorage.getItem(GENERATIONS_KEY) ?? '0', 10);
  return Number.isFinite(stored) && stored > 0 ? Math.min(stored, FREE_RENDERS_PER_VISITOR) : 0;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The prerendered page shows a fresh visitor's count; hydration starts from it, too, and the
 * stored count follows right after, so a returning visitor's page hydrates without a mismatch.
 */
const prerenderedCount = () => 0;

/** The browser's free-use counter; the server counts as well (docs/product.md#visualizer). */
export function useGenerationCounter() {
  const count = useSyncExternalStore(subscribe, readCount, prerenderedCount);
  const store = useCallback((next: number) => {
    const value = Math.max(0, Math.min(FREE_RENDERS_PER_VISITOR, next));
    localStorage.setItem(GENERATIONS_KEY, String(value));
    listeners.forEach((listener) => listener());
  }, []);
  return {
    count,
    remaining: FREE_RENDERS_PER_VISITOR - count,
    increment: useCallback(() => store(readCount() + 1), [store]),
    /** The server said the free renders are used up. */
    exhaust: useCallback(() => store(FREE_RENDERS_PER_VISITOR), [store]),
    /** The server knows of more used renders than this browser (e.g. storage was cleared). */
    atLeast: useCallback((used: number) => store(Math.max(readCount(), used)), [store]),
    reset: useCallback(() => store(0), [store]),
  };
}
