import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Runs the built worker threads (npm test builds first; run `npm run build:server` before this file alone).
const SEGMENTATION = pathToFileURL(
  resolve('dist/src/modules/visualizer/segmentation/serial-worker.js'),
);
const KITCHEN = resolve('frontend/public/images/kitchens/keittio-3.jpg');

/** A process that starts one job in a worker thread and closes while it runs: how it ended. */
function closeDuringModelRun(script: string) {
  // A file, not `--eval`: worker threads inherit the process's options, and `--eval`'s with them.
  const file = join(mkdtempSync(join(tmpdir(), 'kk-worker-close-')), 'close.mjs');
  writeFileSync(file, script);
  return new Promise<{ code: number | null; signal: string | null; output: string }>((done) => {
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH ?? '', KITCHEN },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => done({ code, signal, output }));
  });
}

/** Well inside the job: starting the thread, decoding the photo and the encoder run take over a second. */
const CLOSE_AFTER_MS = 300;

// The render pool closes the same way; its unit test covers the wait (render-pool.spec.ts).
describe('closing the segmentation worker thread during a model run', () => {
  it('should let the running job finish, then end the thread without aborting the process', async () => {
    const result = await closeDuringModelRun(`
      import { readFileSync } from 'node:fs';
      import { SerialWorker } from '${SEGMENTATION.href}';
      const worker = new SerialWorker(1);
      let ran = 'no';
      const job = worker.run({ kind: 'prepare', source: { image: readFileSync(process.env.KITCHEN), decoder: 'sharp' } });
      job.then((output) => (ran = output.kind), (error) => (ran = 'failed: ' + error.message));
      await new Promise((done) => setTimeout(done, ${CLOSE_AFTER_MS}));
      const closing = worker.close();
      console.log('running when closed: ' + (ran === 'no'));
      await closing;
      console.log('closed after: ' + ran);
    `);

    expect(result).toEqual({
      code: 0,
      signal: null,
      output: 'running when closed: true\nclosed after: prepare\n',
    });
  });
});
