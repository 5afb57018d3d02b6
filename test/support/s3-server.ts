import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** An S3-compatible server on loopback, one bucket, path-style: what S3_* point the app at. */
export interface TestS3 {
  bucket: string;
  env: Record<string, string>;
  /** Stops answering (connections refused), as an outage of the store would. */
  stop(): Promise<void>;
  /** Serves again on the same port, with what it held. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
  /** An object's bytes, read as the app reads them. */
  read(key: string): Promise<Buffer>;
  /** Puts `body` under `key`, replacing what was there: what a fault or an intruder would do. */
  write(key: string, body: Uint8Array): Promise<void>;
  /** Every key under `prefix`. */
  keys(prefix: string): Promise<string[]>;
}

export async function startTestS3(bucket = 'kk-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'kk-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    port = ((await server.run()) as AddressInfo).port;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  return {
    bucket,
    env,
    stop,
    start,
    async close() {
      client.destroy();
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async write(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async keys(prefix) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket: bucket, Prefix: prefix },
      ))
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      return keys;
    },
  };
}
