const RELOADED_FOR_CHUNK = 'reloaded-for-missing-chunk';
let reloadedForChunk: boolean | undefined;

/**
 * Whether this page load is a reload for a missing chunk. Read once per page load rather than
 * cleared when a chunk arrives: chunks load side by side, and one arriving must not let another's
 * failure reload the page again and again.
 */
function isReloadForChunk(): boolean {
  if (reloadedForChunk === undefined) {
    reloadedForChunk = sessionStorage.getItem(RELOADED_FOR_CHUNK) !== null;
    sessionStorage.removeItem(RELOADED_FOR_CHUNK);
  }
  return reloadedForChunk;
}

/**
 * Loads a code chunk and survives a redeploy: when an old page asks for a chunk that no longer
 * exists, reload once to get the new build instead of showing a broken page.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  // Prerendering at build time has no page to reload.
  if (typeof window === 'undefined') return load();
  const reloaded = isReloadForChunk();
  return load().catch((error: unknown) => {
    if (reloaded) throw error;
    sessionStorage.setItem(RELOADED_FOR_CHUNK, '1');
    window.location.reload();
    return new Promise<never>(() => undefined);
  });
}
