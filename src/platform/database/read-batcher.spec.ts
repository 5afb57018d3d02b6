import { ReadBatcher } from './read-batcher.js';

describe(ReadBatcher.name, () => {
  /** A reader whose reads stay open until released, recording the keys of each. */
  function controlledReader() {
    const reads: { keys: string[]; release(): void }[] = [];
    const readMany = (keys: string[]) =>
      new Promise<Map<string, string>>((resolve) => {
        reads.push({
          keys,
          release: () => resolve(new Map(keys.map((k) => [k, `value of ${k}`]))),
        });
      });
    return { reads, readMany };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('should read keys that arrive while the slots are busy together, once each', async () => {
    const { reads, readMany } = controlledReader();
    const batcher = new ReadBatcher(readMany, { maxInFlight: 1, maxKeys: 10 });
    const first = batcher.load('a');
    const waiting = [batcher.load('b'), batcher.load('c'), batcher.load('b')];
    expect(reads.map((r) => r.keys)).toEqual([['a']]);

    reads[0].release();
    expect(await first).toBe('value of a');
    await settle();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b', 'c']]);
    reads[1].release();
    expect(await Promise.all(waiting)).toEqual(['value of b', 'value of c', 'value of b']);
  });

  it('should never answer a key from a read sent before it was asked for', async () => {
    const { reads, readMany } = controlledReader();
    const batcher = new ReadBatcher(readMany, { maxInFlight: 1, maxKeys: 10 });
    const early = batcher.load('a');
    const late = batcher.load('a');
    // The second ask waits for a read of its own rather than joining the one in flight.
    expect(reads).toHaveLength(1);
    reads[0].release();
    await early;
    await settle();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['a']]);
    reads[1].release();
    expect(await late).toBe('value of a');
  });

  it('should answer undefined for a key not found and pass a failed read to every asker', async () => {
    const batcher = new ReadBatcher<string>(
      (keys) =>
        keys.includes('boom')
          ? Promise.reject(new Error('read failed'))
          : Promise.resolve(new Map()),
      { maxInFlight: 1, maxKeys: 10 },
    );
    expect(await batcher.load('missing')).toBeUndefined();
    await expect(batcher.load('boom')).rejects.toThrow('read failed');
  });
});
