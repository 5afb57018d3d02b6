import { EmbeddingCache } from './embedding-cache.js';

describe('the embedding cache', () => {
  it('should drop the least recently used past its size', () => {
    const cache = new EmbeddingCache<string>(2, 60_000);
    cache.set('a', 'A', 0);
    cache.set('b', 'B', 0);
    expect(cache.get('a', 1)).toBe('A');
    cache.set('c', 'C', 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBe('A');
    expect(cache.get('c', 3)).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('should forget an entry once its time is up', () => {
    const cache = new EmbeddingCache<string>(2, 1000);
    cache.set('a', 'A', 0);
    expect(cache.get('a', 999)).toBe('A');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
