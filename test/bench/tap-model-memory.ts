/**
 * The tap model's memory in one thread, step by step (docs/decisions/0132-tap-model-memory.md):
 * resident size now and at its highest after loading the encoder and after each encoder run,
 * with the CPU time of each run. The session options of sam-model.ts, changed by a JSON argument.
 *
 *   npm run build:server && MALLOC_ARENA_MAX=2 node test/bench/tap-model-memory.ts
 *   ... '{"enableCpuMemArena":true}'       onnxruntime's own memory arena, as before 0132
 *   MALLOC_MMAP_THRESHOLD_=1048576 ...     freed blocks of 1 MB and more returned, as production
 *   ... --runs=5                           encoder runs (default 3)
 */
import { readFileSync } from 'node:fs';
import ort from 'onnxruntime-node';
import { MODEL_FILES, SESSION_OPTIONS } from '#src/modules/visualizer/segmentation/sam-model.js';

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 3);
const changed = process.argv.slice(2).find((arg) => arg.startsWith('{'));
const options = { ...SESSION_OPTIONS, ...(changed ? JSON.parse(changed) : {}) };

function resident(): string {
  const status = readFileSync('/proc/self/status', 'utf8');
  const mb = (field: string) =>
    (Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024).toFixed(0);
  return `resident ${mb('VmRSS')} MB, highest ${mb('VmHWM')} MB`;
}

console.log(
  `options ${JSON.stringify(options)}; MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? 'unset'}`,
);
console.log(`start: ${resident()}`);
const encoder = await ort.InferenceSession.create(MODEL_FILES.encoder, options);
console.log(`encoder loaded: ${resident()}`);
const input = new Float32Array(3 * 1024 * 1024).fill(0.1);
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await encoder.run({
    [encoder.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, 1024, 1024]),
  });
  const used = process.cpuUsage(cpu);
  console.log(
    `encoder run ${run}: ${(performance.now() - started).toFixed(0)} ms, CPU ` +
      `${((used.user + used.system) / 1000).toFixed(0)} ms (system ${(used.system / 1000).toFixed(0)}); ${resident()}`,
  );
}
await encoder.release();
