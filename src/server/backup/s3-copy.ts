import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

type S3Settings = Pick<
  Config,
  | 'BACKUP_S3_BUCKET'
  | 'BACKUP_S3_ENDPOINT'
  | 'BACKUP_S3_REGION'
  | 'BACKUP_S3_ACCESS_KEY_ID'
  | 'BACKUP_S3_SECRET_ACCESS_KEY'
  | 'BACKUP_S3_PREFIX'
>;

/** The copy is on exactly when a bucket is named (docs/backups.md). */
export const s3CopyEnabled = (config: S3Settings): boolean => !!config.BACKUP_S3_BUCKET;

/**
 * Uploads a backup (the dump, then its manifest, so a manifest in the bucket always has its dump) to the
 * S3-compatible bucket; returns where the dump went, 's3://bucket/prefix/file'. Any S3-compatible service:
 * with an endpoint (MinIO, Backblaze, a local test server) requests use path-style URLs, which they all
 * accept; without one, AWS itself. Keys from the config when given, else the SDK's usual chain (the
 * instance role, ~/.aws). The local files are never touched: a failed copy leaves the backup in BACKUP_DIR.
 */
export async function copyBackupToS3(config: S3Settings, dumpPath: string, manifestPath: string): Promise<string> {
  const bucket = config.BACKUP_S3_BUCKET;
  if (!bucket) throw new Error('BACKUP_S3_BUCKET is not set');
  // Loaded only when a bucket is configured: the SDK is large, and on import it warns about Node versions.
  const { PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.BACKUP_S3_REGION,
    ...(config.BACKUP_S3_ENDPOINT ? { endpoint: config.BACKUP_S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(config.BACKUP_S3_ACCESS_KEY_ID && config.BACKUP_S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    // Checksums only where S3 requires them: by default the SDK sends a streamed body in aws-chunked
    // encoding with a trailing checksum, which several S3-compatible services do not understand (they
    // store the chunk framing as the object: a corrupt backup). Each upload carries Content-Length instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Quiet: a failed upload is logged once by the job, with its slot; the SDK would also print to the console.
    logger: quietLogger,
    // The job retries a failed copy itself (5 minutes apart); the SDK's own quick retries cover blips.
    maxAttempts: 3,
  });
  try {
    const dumpKey = s3KeyFor(config, dumpPath);
    for (const [file, key, type] of [
      [dumpPath, dumpKey, 'application/octet-stream'],
      [manifestPath, s3KeyFor(config, manifestPath), 'application/json'],
    ] as const) {
      // Streamed, not read into memory: a ten-year database's dump is large. The length is given so
      // the SDK need not buffer the stream to learn it.
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: type,
        }),
      );
    }
    return `s3://${bucket}/${dumpKey}`;
  } finally {
    client.destroy();
  }
}

const ignore = () => {};
const quietLogger = { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore };

/** BACKUP_S3_PREFIX + the file's name ('playtime-barn/playtime-barn-20260314-020000Z.pgdump'). */
export const s3KeyFor = (config: Pick<Config, 'BACKUP_S3_PREFIX'>, file: string): string =>
  `${config.BACKUP_S3_PREFIX}${path.basename(file)}`;
