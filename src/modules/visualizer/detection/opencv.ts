/**
 * OpenCV's WebAssembly build, loaded once per thread (about half a second; a render worker loads
 * it on its first detection and keeps it). Every Mat made with it lives on the WebAssembly heap
 * and is freed only by its `delete()`: `withMats` frees them however the work ends.
 */
import { createRequire } from 'node:module';
import type * as OpenCvModule from '@techstark/opencv-js';

export type OpenCv = typeof OpenCvModule;
type Deletable = { delete(): void };

let loading: Promise<OpenCv> | undefined;

export function loadOpenCv(): Promise<OpenCv> {
  // Required, not imported: a module namespace with a `then` export is itself a thenable, and
  // loaders that copy every CommonJS export into the namespace (Jest's) would wait on it forever.
  loading ??= ready(createRequire(import.meta.url)('@techstark/opencv-js'));
  return loading;
}

/**
 * The module is a thenable until its WebAssembly is compiled; once it is, `then` is removed so
 * that resolving a promise with the module does not wait on it again.
 */
function ready(imported: unknown): Promise<OpenCv> {
  const module = ((imported as { default?: unknown }).default ?? imported) as {
    then?: (resolve: (compiled: OpenCv) => void) => void;
  };
  if (typeof module.then !== 'function') return Promise.resolve(module as unknown as OpenCv);
  const then = module.then.bind(module);
  return new Promise<OpenCv>((resolve) =>
    then((compiled) => {
      delete (compiled as { then?: unknown }).then;
      resolve(compiled);
    }),
  );
}

/** Runs `work` with a list its Mats (and other OpenCV objects) go into; all freed at the end. */
export function withMats<T>(work: (keep: <M extends Deletable>(mat: M) => M) => T): T {
  const made: Deletable[] = [];
  try {
    return work((mat) => {
      made.push(mat);
      return mat;
    });
  } finally {
    for (const mat of made) mat.delete();
  }
}
