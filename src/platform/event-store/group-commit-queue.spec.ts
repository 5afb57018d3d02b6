import { GroupCommitQueue } from './group-commit-queue.js';

describe(GroupCommitQueue.name, () => {
  interface Item {
    key: string;
    id: number;
  }

  function controlledQueue(maxBatches: number) {
    const batches: { items: number[]; done(): void }[] = [];
    const queue = new GroupCommitQueue<Item>(
      (batch) =>
        new Promise<void>((resolve) =>
          batches.push({ items: batch.map((item) => item.id), done: resolve }),
        ),
      (item) => item.key,
      { maxBatches, maxSize: 3 },
    );
    return { queue, batches };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('should start on the next turn with what arrived in this one, and group what waits for the next slot', async () => {
    const { queue, batches } = controlledQueue(1);
    queue.push({ key: 'a', id: 1 });
    queue.push({ key: 'b', id: 2 });
    expect(batches).toEqual([]);
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2]]);

    for (let id = 3; id <= 7; id++) queue.push({ key: `k${id}`, id });
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2]]);
    batches[0].done();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    batches[1].done();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([
      [1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    batches[2].done();
    await queue.idle();
  });

  it('should start a second batch in a free slot while the first runs', async () => {
    const { queue, batches } = controlledQueue(2);
    queue.push({ key: 'a', id: 1 });
    await settle();
    queue.push({ key: 'b', id: 2 });
    queue.push({ key: 'c', id: 3 });
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3]]);
    batches[0].done();
    batches[1].done();
    await queue.idle();
  });

  it('should keep items of one key out of running batches and out of each other', async () => {
    const { queue, batches } = controlledQueue(2);
    queue.push({ key: 'same', id: 1 });
    await settle();
    queue.push({ key: 'same', id: 2 });
    queue.push({ key: 'other', id: 3 });
    queue.push({ key: 'same', id: 4 });
    await settle();
    // Item 2 waits while item 1 runs; item 3 takes the second slot.
    expect(batches.map((b) => b.items)).toEqual([[1], [3]]);

    batches[0].done();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [3], [2]]);
    batches[1].done();
    batches[2].done();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [3], [2], [4]]);
    batches[3].done();
    await queue.idle();
  });
});
