/**
 * A GET client in its own thread, as a browser is its own process: its decompression, JSON
 * parsing and garbage collection run beside the server it measures instead of stalling it.
 * Timed inside the thread: `received` when the body is in (decoded, as `fetch` gives it),
 * `parsed` when the JSON is parsed too.
 */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

export interface TimedGet {
  status: number;
  etag: string | null;
  /** Keys of the JSON object answered; 0 for an answer without a body. */
  entries: number;
  received: number;
  parsed: number;
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
  parentPort!.on(
    'message',
    async ({ url, headers }: { url: string; headers: Record<string, string> }) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = Buffer.from(await response.arrayBuffer());
      const received = performance.now() - started;
      const entries =
        body.length > 0 ? Object.keys(JSON.parse(body.toString()) as object).length : 0;
      const parsed = performance.now() - started;
      parentPort!.postMessage({
        status: response.status,
        etag: response.headers.get('etag'),
        entries,
        received,
        parsed,
      } satisfies TimedGet);
    },
  );
}
