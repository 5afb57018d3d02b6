import type { RenderJob, RenderOutput } from './render-job.js';
import { RenderPool, RenderQueueFullError } from './render-pool.js';

const job: RenderJob = { kind: 'hosted-prepare', image: new Uint8Array(), decoder: 'sharp' };

/** Renders that finish when the test says so. */
function controllableRenders() {
  const finishers: (() => void)[] = [];
  const run = () =>
    new Promise<RenderOutput>((resolve) =>
      finishers.push(() => resolve({ kind: 'hosted-prepare' } as RenderOutput)),
    );
  return { run, finishNext: () => finishers.shift()!() };
}

describe(RenderPool.name, () => {
  describe('run', () => {
    it('should run at most `concurrency` renders and queue up to `queueLimit` more', async () => {
      const renders = controllableRenders();
      const pool = new RenderPool({ concurrency: 2, queueLimit: 1 }, renders.run);
      const accepted = [pool.run(job), pool.run(job), pool.run(job)];
      expect([pool.active, pool.queued]).toEqual([2, 1]);

      await expect(pool.run(job)).rejects.toBeInstanceOf(RenderQueueFullError);

      renders.finishNext();
      await accepted[0];
      expect([pool.active, pool.queued]).toEqual([2, 0]);
      const queuedAgain = pool.run(job);
      expect(pool.queued).toBe(1);
      const closing = pool.close();
      await expect(queuedAgain).rejects.toThrow('render pool closed');
      renders.finishNext();
      renders.finishNext();
      await closing;
    });

    it("should give every job the pool's detector unless the job names its own", async () => {
      const seen: RenderJob[] = [];
      const pool = new RenderPool({ concurrency: 1, queueLimit: 2, detector: 'opencv' }, (ran) => {
        seen.push(ran);
        return Promise.resolve({ kind: 'hosted-prepare' } as RenderOutput);
      });
      await pool.run(job);
      await pool.run({ ...job, detector: 'rules' });
      expect(seen.map(({ detector }) => detector)).toEqual(['opencv', 'rules']);
      await pool.close();
    });

    it('should free the slot of a failed render', async () => {
      const pool = new RenderPool({ concurrency: 1, queueLimit: 0 }, () =>
        Promise.reject(new Error('broken image')),
      );
      await expect(pool.run(job)).rejects.toThrow('broken image');
      await expect(pool.run(job)).rejects.toThrow('broken image');
      expect(pool.active).toBe(0);
      await pool.close();
    });
  });

  describe('close', () => {
    it('should refuse the waiting renders at once and end only after the running ones', async () => {
      const renders = controllableRenders();
      const pool = new RenderPool({ concurrency: 1, queueLimit: 1 }, renders.run);
      const running = pool.run(job);
      const waiting = pool.run(job);
      let closed = false;
      const closing = pool.close().then(() => (closed = true));

      await expect(waiting).rejects.toThrow('render pool closed');
      await new Promise((done) => setImmediate(done));
      expect(closed).toBe(false);
      renders.finishNext();
      await expect(running).resolves.toEqual({ kind: 'hosted-prepare' });
      await closing;
      expect(closed).toBe(true);
    });
  });
});
