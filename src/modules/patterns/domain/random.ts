// Module constants, not Math.x in loops: global lookups are slow inside a vm context (Jest).
const { floor, imul } = Math;

/** FNV-1a: a stable 32-bit seed from a string, so every code always yields the same numbers. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for visual randomness; Math.random is not seedable. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBetween(random: () => number, min: number, max: number): number {
  return min + (max - min) * random();
}

export function randomInt(random: () => number, min: number, max: number): number {
  return floor(randomBetween(random, min, max + 1));
}
