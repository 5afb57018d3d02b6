import createCache from '@emotion/cache';

/**
 * The key emotion's server rendering and the browser agree on: the browser adopts the
 * prerendered `<style data-emotion="css …">` tag and skips inserting those styles again.
 */
export const EMOTION_KEY = 'css';

export const createEmotionCache = () => createCache({ key: EMOTION_KEY });
