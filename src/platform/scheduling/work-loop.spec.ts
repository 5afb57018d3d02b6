import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import type { Request, Response } from 'express';
import { BackgroundPacer, RequestPressure } from './request-pressure.js';
import { WorkLoop } from './work-loop.js';

const POLL_MS = 10_000;

describe(WorkLoop.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A loop whose runs are counted and finish when the test lets them. */
  function countingLoop(options: ConstructorParameters<typeof WorkLoop>[2] = {}) {
    let runs = 0;
    let finish: () => void = () => undefined;
    const loop = new WorkLoop(
      () => {
        runs++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      POLL_MS,
      options,
    );
    return { loop, runs: () => runs, finish: () => finish() };
  }

  async function settle(ms = 0) {
    await jest.advanceTimersByTimeAsync(ms);
  }

  it('should run when woken, and once more after a run that was woken during', async () => {
    const { loop, runs, finish } = countingLoop();
    loop.start();
    loop.wake();
    loop.wake();
    finish();
    await settle();

    expect(runs()).toBe(2);
    finish();
    await loop.stop();
  });

  it('should start a run woken during another no sooner than the minimum interval', async () => {
    const { loop, runs, finish } = countingLoop({ minIntervalMs: 250 });
    loop.start();
    await settle(100);
    loop.wake();
    finish();
    await settle(100);
    expect(runs()).toBe(1);

    await settle(50);
    expect(runs()).toBe(2);
    finish();
    await loop.stop();
  });

  it('should wait for a pause in requests, but never longer than the pacer allows', async () => {
    const pressure = { busy: true };
    const { loop, runs, finish } = countingLoop({ pacer: new BackgroundPacer(pressure, 2000) });
    loop.start();
    await settle(1900);
    expect(runs()).toBe(0);

    await settle(100);
    expect(runs()).toBe(1);
    finish();
    await settle();

    loop.wake();
    await settle(500);
    expect(runs()).toBe(1);
    pressure.busy = false;
    await settle(100);
    expect(runs()).toBe(2);
    finish();
    await loop.stop();
  });
});

describe(BackgroundPacer.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should let work run at once while requests pause', () => {
    expect(new BackgroundPacer({ busy: false }, 2000).wait()).toBe(0);
  });

  it('should defer work while requests come, counting from the first deferral', () => {
    const pacer = new BackgroundPacer({ busy: true }, 2000);
    expect(pacer.wait()).toBe(100);
    jest.advanceTimersByTime(1950);
    expect(pacer.wait()).toBe(50);
    jest.advanceTimersByTime(50);
    expect(pacer.wait()).toBe(0);
    // The bound starts over after a run.
    expect(pacer.wait()).toBe(100);
  });
});

describe(RequestPressure.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should be busy while a request is in flight and shortly after its answer', () => {
    const pressure = new RequestPressure();
    const response = new EventEmitter();
    const next = jest.fn();
    expect(pressure.busy).toBe(false);

    pressure.middleware({} as Request, response as Response, next);
    jest.advanceTimersByTime(1000);
    expect(next).toHaveBeenCalled();
    expect(pressure.busy).toBe(true);

    response.emit('close');
    expect(pressure.busy).toBe(true);
    jest.advanceTimersByTime(50);
    expect(pressure.busy).toBe(false);
  });
});
