import { randomFillSync } from 'node:crypto';

const POOL_SIZE = 8192;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * Cryptographically random bytes cut from a larger block, as `randomUUID` does: one call into
 * the CSPRNG serves hundreds of IVs and keys. Each block is new, so a returned slice is never
 * overwritten.
 */
export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_SIZE) return randomFillSync(Buffer.allocUnsafe(size));
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_SIZE));
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + size);
  offset += size;
  return bytes;
}
