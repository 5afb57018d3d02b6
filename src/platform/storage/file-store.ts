import type { Readable } from 'node:stream';

/** A stored object's key within its store, as `folder/name`: no leading slash, no `..`. */
const KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._\-/]+$/;

export interface StoredObjectInfo {
  key: string;
  size: number;
  modified: Date;
}

export interface StoredObject extends StoredObjectInfo {
  body: Readable;
}

/** The object is not there (a 404 to whoever asked for it). */
export class FileMissingError extends Error {
  constructor(readonly key: string) {
    super(`no stored file ${key}`);
  }
}

/** The store cannot be reached or answers with an error of its own (a 503 with Retry-After). */
export class FileStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`file store unavailable: ${message}`, options);
  }
}

/**
 * Where files live: this machine's disk, or an S3-compatible bucket every instance shares
 * (docs/decisions/0109-file-store.md). Every body goes through as a stream; an object appears
 * under its key only once completely written.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** Opens an object for reading; FileMissingError when it is not there. */
  get(key: string): Promise<StoredObject>;
  /** Size and age of an object, or null when it is not there. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
  /** Deletes an object; deleting one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Drops what interrupted writes left behind under `prefix`; returns how many. */
  removeInterrupted(prefix: string): Promise<number>;
}

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a stored file key: ${JSON.stringify(key)}`);
  return key;
}

/** A part of a store under one folder, so each module names only its own files. */
export class FileFolder {
  constructor(
    readonly store: FileStore,
    readonly folder: string,
  ) {}

  key(name: string): string {
    return checkKey(`${this.folder}/${name}`);
  }

  put(name: string, body: Readable | Uint8Array, options?: { contentType?: string }) {
    return this.store.put(this.key(name), body, options);
  }

  get(name: string) {
    return this.store.get(this.key(name));
  }

  stat(name: string) {
    return this.store.stat(this.key(name));
  }

  delete(name: string) {
    return this.store.delete(this.key(name));
  }

  removeInterrupted() {
    return this.store.removeInterrupted(`${this.folder}/`);
  }

  /** The folder's objects, named relative to it. */
  async *list(): AsyncGenerator<StoredObjectInfo & { name: string }> {
    const prefix = `${this.folder}/`;
    for await (const info of this.store.list(prefix))
      yield { ...info, name: info.key.slice(prefix.length) };
  }
}
