import createCache, { type EmotionCache } from '@emotion/cache';

let current: EmotionCache | undefined;

/** The cache of MUI's styles in the admin, the one part of the product built with MUI. */
export const emotionCache = (): EmotionCache => (current ??= createCache({ key: 'css' }));
