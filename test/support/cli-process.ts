import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

// The CLIs run built (npm test builds first; run `npm run build:server` before a file alone).
export const cliPath = (name: string) => resolve('dist/src/cli', name);

/** Runs a built CLI, as `npm run <script>` would, and tells how it ended and what it printed. */
export function runCli(name: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [cliPath(name), ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
