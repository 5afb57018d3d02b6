import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { StoredObject } from './file-store.js';

/** What a file held when it was stored, kept apart from the store to tell a damaged copy. */
export interface StoredDigest {
  sha256: string;
  /** Unknown for files whose size was not recorded (a backup's checksum file holds none). */
  size?: number;
}

/** A stored object whose bytes are no longer those written (overwritten, truncated, rotted). */
export class FileDamagedError extends Error {
  constructor(
    readonly key: string,
    why: string,
  ) {
    super(`stored file ${key} is damaged: ${why}`);
  }
}

export function digestOf(bytes: Uint8Array): StoredDigest {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

/** Whole bytes read from the store, checked before anyone sees them. */
export function checkBytes(key: string, bytes: Buffer, expected: StoredDigest): Buffer {
  const actual = digestOf(bytes);
  if (expected.size !== undefined && actual.size !== expected.size)
    throw new FileDamagedError(key, `${actual.size} bytes where ${expected.size} were stored`);
  if (actual.sha256 !== expected.sha256)
    throw new FileDamagedError(key, 'its SHA-256 differs from the one stored');
  return bytes;
}

/**
 * The object with its body checked as it streams. A wrong size is refused before the first
 * byte goes out; a wrong digest is known only at the end, so the last chunk is held back until
 * then and the body fails instead: a reader never receives a damaged file whole.
 */
export function verified(object: StoredObject, expected: StoredDigest): StoredObject {
  if (expected.size !== undefined && object.size !== expected.size) {
    object.body.destroy();
    throw new FileDamagedError(
      object.key,
      `${object.size} bytes where ${expected.size} were stored`,
    );
  }
  const hash = createHash('sha256');
  let held: Buffer | null = null;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      const previous = held;
      held = chunk;
      done(null, previous ?? undefined);
    },
    flush(done) {
      if (hash.digest('hex') !== expected.sha256) {
        done(new FileDamagedError(object.key, 'its SHA-256 differs from the one stored'));
        return;
      }
      done(null, held ?? undefined);
    },
  });
  object.body.on('error', (error) => check.destroy(error));
  object.body.pipe(check);
  return { ...object, body: check };
}
