import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches. False in the prerendered page and while it hydrates, then the
 * browser's answer, so hydration never meets markup it did not expect.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
