import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  FileMissingError,
  type FileStore,
  type StoredObject,
  type StoredObjectInfo,
} from './file-store.js';

const TEMPORARY = /\.tmp$/;

/**
 * Files on this machine's disk, each top folder of a key mapped to a directory (so BACKUP_DIR
 * and PATTERN_IMAGES_DIR keep meaning what they did). Written under a temporary name, synced
 * and renamed: a crash never leaves half a file under a valid name.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';

  constructor(private readonly folders: Readonly<Record<string, string>>) {}

  /** The path of a key on disk; the local adapter alone has one. */
  pathOf(key: string): string {
    const [folder, ...rest] = checkKey(key).split('/');
    const directory = this.folders[folder];
    if (!directory || rest.length === 0) throw new Error(`no folder for stored file ${key}`);
    return join(directory, ...rest);
  }

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    const directory = dirname(target);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const temporary = join(directory, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const source = body instanceof Readable ? body : Readable.from([body]);
      await pipeline(
        source,
        createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true }),
      );
      await rename(temporary, target);
      await syncDirectory(directory);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject> {
    const path = this.pathOf(key);
    const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') throw new FileMissingError(key);
      throw error;
    });
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw new FileMissingError(key);
    }
    return {
      key,
      size: info.size,
      modified: info.mtime,
      body: createReadStream(path, { fd: handle }),
    };
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? { key, size: info.size, modified: info.mtime } : null;
  }

  async *list(prefix: string): AsyncGenerator<StoredObjectInfo> {
    const [folder] = prefix.split('/');
    const directory = this.folders[folder];
    if (!directory) return;
    const infos: StoredObjectInfo[] = [];
    for (const path of await filesUnder(directory)) {
      const key = `${folder}/${path.split(sep).join('/')}`;
      if (!key.startsWith(prefix) || TEMPORARY.test(key)) continue;
      const info = await this.stat(key);
      if (info) infos.push(info);
    }
    yield* infos.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removeInterrupted(prefix: string): Promise<number> {
    const [folder] = prefix.split('/');
    const directory = this.folders[folder];
    if (!directory) return 0;
    const leftovers = (await filesUnder(directory)).filter((path) => TEMPORARY.test(path));
    await Promise.all(leftovers.map((path) => rm(join(directory, path), { force: true })));
    return leftovers.length;
  }
}

async function filesUnder(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(directory, join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Makes the rename itself durable. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
