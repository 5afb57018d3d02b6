import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/** Write then rename: a reader (or another instance sharing the folder) never sees half a file. */
export async function writeAtomically(
  target: string,
  bytes: Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes, options);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
