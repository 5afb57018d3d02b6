import { useCallback, useState } from 'react';
import { FREE_GENERATIONS } from '../copy';

/** Storage key of the browser's count of used free visualizations (docs/product.md#visualizer). */
export const GENERATIONS_KEY = 'visualizer-generations-total';

function readCount(): number {
  // Prerendering runs without browser storage.
  if (typeof localStorage === 'undefined') return 0;
  const stored = Number.parseInt(localStorage.getItem(GENERATIONS_KEY) ?? '0', 10);
  return Number.isFinite(stored) && stored > 0 ? Math.min(stored, FREE_GENERATIONS) : 0;
}

/** The browser's free-use counter; the server counts as well (docs/product.md#visualizer). */
export function useGenerationCounter() {
  const [count, setCount] = useState(readCount);
  const store = useCallback((next: number) => {
    const value = Math.max(0, Math.min(FREE_GENERATIONS, next));
    localStorage.setItem(GENERATIONS_KEY, String(value));
    setCount(value);
  }, []);
  return {
    count,
    remaining: FREE_GENERATIONS - count,
    increment: useCallback(() => store(readCount() + 1), [store]),
    /** The server said the free renders are used up. */
    exhaust: useCallback(() => store(FREE_GENERATIONS), [store]),
    /** The server knows of more used renders than this browser (e.g. storage was cleared). */
    atLeast: useCallback((used: number) => store(Math.max(readCount(), used)), [store]),
    reset: useCallback(() => store(0), [store]),
  };
}
