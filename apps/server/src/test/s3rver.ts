import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfigInput } from '../config.ts';

/** The part of s3rver (a local S3-compatible server, no types published) that the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

export interface LocalS3 {
  /** The config that points an app at this server (STORAGE_DRIVER=s3). */
  config: Partial<AppConfigInput>;
  close(): Promise<void>;
}

/**
 * Starts s3rver on a free port of 127.0.0.1 with one empty bucket in a temporary folder; `close()` stops it
 * and removes the folder. s3rver accepts the credentials S3RVER / S3RVER.
 */
export async function startLocalS3(bucket = 'sys-media'): Promise<LocalS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = mkdtempSync(join(tmpdir(), 'sys-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    config: {
      storageDriver: 's3',
      s3Endpoint: `http://127.0.0.1:${address.port}`,
      s3Bucket: bucket,
      s3Region: 'us-east-1',
      s3AccessKeyId: 'S3RVER',
      s3SecretAccessKey: 'S3RVER',
      s3ForcePathStyle: true,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
