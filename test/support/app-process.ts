import { type ChildProcess, spawn } from 'node:child_process';
import { freeLoopbackPort } from '#src/platform/database/loopback-port.js';
import { resolve } from 'node:path';

// Runs the built server (npm test builds first; run `npm run build:server` before a file alone).
const SERVER = resolve('dist/src/main.js');

/** An app in a process of its own, as `npm start` runs it. */
export interface AppProcess {
  baseUrl: string;
  output: () => string;
  /** Asks it to shut down and waits until it has. */
  stop(): Promise<void>;
  /** Ends it at once, as a crash or `kill -9` would, and waits until it is gone. */
  kill(): Promise<void>;
}

/** Starts the built server with `env`; resolves once it serves. */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freeLoopbackPort();
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  await new Promise<void>((done, fail) => {
    const timer = setInterval(() => {
      if (output.includes('serving on')) {
        clearInterval(timer);
        done();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        fail(new Error(`app exited before serving:\n${output}`));
      }
    }, 50);
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
