import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '#src/config/app-config.js';
import {
  FileMissingError,
  type FileStore,
  FileStoreUnavailableError,
} from '#src/platform/storage/file-store.js';
import { fileStoreOf } from '#src/platform/storage/file-stores.js';
import { startTestS3, type TestS3 } from '../support/s3-server.js';

async function readAll(store: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await store.get(key)).body as AsyncIterable<Buffer>)
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A stream of `size` pseudo-random bytes made as it is read, and the SHA-256 they will have. */
function generated(size: number): { stream: Readable; sha256: Promise<string> } {
  const hash = createHash('sha256');
  let left = size;
  let resolveHash: (sha: string) => void;
  const sha256 = new Promise<string>((done) => (resolveHash = done));
  const stream = new Readable({
    read() {
      if (left === 0) {
        resolveHash(hash.digest('hex'));
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(left, 1 << 20));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256 };
}

describe('the file store', () => {
  let s3: TestS3;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    dataDir = mkdtempSync(join(tmpdir(), 'kk-file-store-'));
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const adapters: [string, () => FileStore][] = [
    ['on local disk', () => fileStoreOf(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }))],
    [
      'in an S3-compatible bucket',
      () => fileStoreOf(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env })),
    ],
  ];

  describe.each(adapters)('%s', (_name, storeOf) => {
    it('should store, list, read and delete files, and tell a missing one apart', async () => {
      const store = storeOf();
      expect(store.kind).toBe(_name.includes('S3') ? 's3' : 'local');
      await store.put('visualizations/b.jpg', Buffer.from('render'));
      await store.put('visualizations/a-original.jpg', Readable.from([Buffer.from('photo')]));
      const listed = [];
      for await (const info of store.list('visualizations/')) listed.push([info.key, info.size]);
      expect(listed).toEqual([
        ['visualizations/a-original.jpg', 5],
        ['visualizations/b.jpg', 6],
      ]);
      expect((await readAll(store, 'visualizations/b.jpg')).toString()).toBe('render');
      expect((await store.stat('visualizations/b.jpg'))?.size).toBe(6);
      await store.delete('visualizations/b.jpg');
      await store.delete('visualizations/never-there.jpg');
      expect(await store.stat('visualizations/b.jpg')).toBeNull();
      await expect(store.get('visualizations/b.jpg')).rejects.toBeInstanceOf(FileMissingError);
      await expect(store.get('visualizations/../secret')).rejects.toThrow(/not a stored file key/);
      await expect(store.put('../outside', Buffer.from('x'))).rejects.toThrow(
        /not a stored file key/,
      );
    });

    it('should stream a file larger than its upload parts through intact', async () => {
      const store = storeOf();
      const size = 20 << 20;
      const { stream, sha256 } = generated(size);
      await store.put('backups/large.gz', stream);
      const hash = createHash('sha256');
      for await (const chunk of (await store.get('backups/large.gz')).body as AsyncIterable<Buffer>)
        hash.update(chunk);
      expect(hash.digest('hex')).toBe(await sha256);
      await store.delete('backups/large.gz');
    });
  });

  it('should answer FileStoreUnavailableError at once while the bucket cannot be reached', async () => {
    const store = fileStoreOf(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env }));
    await store.put('visualizations/kept.jpg', Buffer.from('kept'));
    await s3.stop();
    try {
      const started = Date.now();
      await expect(store.get('visualizations/kept.jpg')).rejects.toBeInstanceOf(
        FileStoreUnavailableError,
      );
      await expect(store.put('visualizations/new.jpg', Buffer.from('x'))).rejects.toBeInstanceOf(
        FileStoreUnavailableError,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await s3.start();
    }
    expect((await readAll(store, 'visualizations/kept.jpg')).toString()).toBe('kept');
  });
});
