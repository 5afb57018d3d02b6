/**
 * Runs every test/bench/*.bench.ts one after another, each in its own process (each starts its own
 * throw-away PostgreSQL), and prints their result lines followed by a summary.
 *
 *   npm run bench                 every benchmark
 *   npm run bench -- event-store  only those whose file name contains "event-store"
 *   npm run bench -- crm --leads 100000   options from the first one starting with "-" on go to
 *                                         every benchmark run
 *
 * Benchmarks import the built server (`#src/...` resolves to dist/), so `npm run bench` builds first.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('-'));
const filters = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);

const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark in ${benchDir} matches ${filters.join(', ')}`);
  process.exit(2);
}

function runOne(file: string): Promise<{ code: number | null; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', join(benchDir, file), ...options],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('close', (code) => resolve({ code, seconds: (performance.now() - started) / 1000 }));
  });
}

const results: { name: string; code: number | null; seconds: number }[] = [];
for (const file of files) {
  const name = basename(file, '.bench.ts');
  console.log(`\n== ${name}`);
  results.push({ name, ...(await runOne(file)) });
}

console.log('\n== summary');
for (const { name, code, seconds } of results) {
  console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${name} (${seconds.toFixed(0)} s)`);
}
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
