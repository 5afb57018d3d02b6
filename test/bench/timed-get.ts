/**
 * A GET client in its own thread, as a browser is its own process: its decompression, JSON
 * parsing and garbage collection run beside the server it measures instead of stalling it.
 * Timed inside the thread: `received` when the body is in and inflated, `parsed` when the JSON
 * is parsed too.
 */
import http from 'node:http';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';

export interface TimedGet {
  status: number;
  etag: string | null;
  /** Keys of the JSON object answered; 0 for an answer without a body. */
  entries: number;
  received: number;
  parsed: number;
  /** CPU the client's thread spent until parsed. */
  clientCpu: number;
}

export interface GetClient {
  get(url: string, headers: Record<string, string>): Promise<TimedGet>;
  close(): Promise<void>;
}

export function startGetClient(): GetClient {
  const worker = new Worker(new URL(import.meta.url));
  let settle: ((result: TimedGet) => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  worker.on('message', (result: TimedGet) => settle?.(result));
  worker.on('error', (error) => fail?.(error));
  return {
    get: (url, headers) =>
      new Promise<TimedGet>((resolve, reject) => {
        [settle, fail] = [resolve, reject];
        worker.postMessage({ url, headers });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}

if (!isMainThread) {
  // Plain keep-alive http and zlib, as a browser's native network stack: `fetch`'s streams cost
  // several times the CPU per request on the shared cores. It takes gzip, as `fetch` does.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string, headers: Record<string, string>) =>
    new Promise<{ response: http.IncomingMessage; body: Buffer }>((resolve, reject) => {
      const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip', ...headers } });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  parentPort!.on(
    'message',
    async ({ url, headers }: { url: string; headers: Record<string, string> }) => {
      const cpuBefore = process.threadCpuUsage();
      const started = performance.now();
      const { response, body } = await get(url, headers);
      // A 304 may name the encoding of the body it did not send.
      const gzipped = response.headers['content-encoding'] === 'gzip' && body.length > 0;
      const decoded = gzipped ? gunzipSync(body) : body;
      const received = performance.now() - started;
      const entries =
        decoded.length > 0 ? Object.keys(JSON.parse(decoded.toString()) as object).length : 0;
      const parsed = performance.now() - started;
      const cpu = process.threadCpuUsage(cpuBefore);
      parentPort!.postMessage({
        status: response.statusCode ?? 0,
        etag: (response.headers.etag as string | undefined) ?? null,
        entries,
        received,
        parsed,
        clientCpu: (cpu.user + cpu.system) / 1000,
      } satisfies TimedGet);
    },
  );
}
