import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The key emotion's server rendering and the browser agree on: the browser adopts the
 * prerendered `<style data-emotion="css …">` tag and skips inserting those styles again.
 */
export const EMOTION_KEY = 'css';

export const createEmotionCache = () => createCache({ key: EMOTION_KEY });

let current: EmotionCache | undefined;

/** The cache of the MUI parts of this page: one in the browser, a fresh one per prerendered page. */
export const emotionCache = (): EmotionCache => (current ??= createEmotionCache());

/** Prerendering: the next page's styles go into `cache`. */
export function collectEmotionStylesIn(cache: EmotionCache): void {
  current = cache;
}
