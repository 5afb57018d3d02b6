import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { AppConfig } from '#src/config/app-config.js';
import {
  checkKey,
  FileMissingError,
  FileStoreUnavailableError,
  type FileStore,
  type StoredObject,
  type StoredObjectInfo,
} from './file-store.js';

/** A store that does not answer within this is as good as down: the visitor hears 503 at once. */
const CONNECT_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Multipart parts held in memory per upload: 2 × 8 MiB, whatever the file's size. */
const PART_SIZE = 8 << 20;
const PARTS_IN_FLIGHT = 2;

export function s3ClientOf(config: AppConfig): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/**
 * Objects in one S3-compatible bucket, shared by every instance. An object appears under its
 * key only when its upload completes; a stream goes up in bounded multipart parts.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(
    key: string,
    body: Readable | Uint8Array,
    options: { contentType?: string } = {},
  ): Promise<void> {
    const params = { Bucket: this.bucket, Key: checkKey(key), ContentType: options.contentType };
    await this.call(key, async () => {
      if (!(body instanceof Readable)) {
        await this.client.send(new PutObjectCommand({ ...params, Body: body }));
        return;
      }
      await new Upload({
        client: this.client,
        params: { ...params, Body: body },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
      }).done();
    });
  }

  async get(key: string): Promise<StoredObject> {
    const answer = await this.call(key, () =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })),
    );
    return {
      key,
      size: answer.ContentLength ?? 0,
      modified: answer.LastModified ?? new Date(0),
      body: answer.Body as Readable,
    };
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.call(key, () =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })),
      );
      return { key, size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (error instanceof FileMissingError) return null;
      throw error;
    }
  }

  async *list(prefix: string): AsyncGenerator<StoredObjectInfo> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix },
    );
    const iterator = pages[Symbol.asyncIterator]();
    for (;;) {
      const page = await this.call(prefix, () => iterator.next());
      if (page.done) return;
      for (const object of page.value.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key,
          size: object.Size ?? 0,
          modified: object.LastModified ?? new Date(0),
        };
      }
    }
  }

  async delete(key: string): Promise<void> {
    await this.call(key, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })),
    );
  }

  /**
   * A failed upload aborts itself; parts of one a crash cut short are the bucket's lifecycle
   * rule's to drop (README: AbortIncompleteMultipartUpload), never visible under a key.
   */
  async removeInterrupted(): Promise<number> {
    return 0;
  }

  /** A missing object is FileMissingError; every other failure means the store is unusable now. */
  private async call<T>(key: string, request: () => Promise<T>): Promise<T> {
    if (!key.endsWith('/')) checkKey(key);
    try {
      return await request();
    } catch (error) {
      const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (
        failure.name !== 'NoSuchBucket' &&
        (failure.name === 'NoSuchKey' ||
          failure.name === 'NotFound' ||
          failure.$metadata?.httpStatusCode === 404)
      )
        throw new FileMissingError(key);
      throw new FileStoreUnavailableError((error as Error).message, { cause: error });
    }
  }
}
