import { useEffect, useState } from 'react';
import { FREE_RERENDER_WINDOW_MS } from '#src/contract/visualizer';

/**
 * Whether re-rendering the photo is still free: from its first charged render until the window
 * closes, when this re-renders with false.
 */
export function useFreeRerenderWindow(chargedAt: number | undefined): boolean {
  const [closedFor, setClosedFor] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (chargedAt === undefined) return;
    const timer = setTimeout(
      () => setClosedFor(chargedAt),
      Math.max(0, chargedAt + FREE_RERENDER_WINDOW_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [chargedAt]);
  return chargedAt !== undefined && closedFor !== chargedAt;
}
