import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRuns } from '../db/schema';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { MANIFEST_SUFFIX } from './manifest';
import { openBackupProcess, runRows } from './testing/backup-harness';

/**
 * The copy to an S3-compatible bucket against a real one on 127.0.0.1 (s3rver): the objects read back
 * byte for byte, and a copy that fails keeps the local backup and is retried like a failed backup.
 */
const BUCKET = 'venue-backups';
const KEYS = { BACKUP_S3_ACCESS_KEY_ID: 'S3RVER', BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER' };
let s3: S3rver;
let endpoint = '';
let s3Dir = '';

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

async function objectBytes(key: string): Promise<Buffer> {
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  } finally {
    client.destroy();
  }
}

/** A port on 127.0.0.1 that nothing listens on: a bucket that cannot be reached. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

describe.each(testDbKinds)('the S3 copy on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let clock = new Date('2026-03-14T02:00:30Z');
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('uploads the dump and its manifest, records where, and reads back the same bytes', async () => {
    const p = await openBackupProcess(kind, database, {
      clock: () => clock,
      config: { BACKUP_S3_BUCKET: BUCKET, BACKUP_S3_ENDPOINT: endpoint, BACKUP_S3_PREFIX: `${kind}/nightly/`, ...KEYS },
    });
    try {
      expect(await p.job.runDue()).toMatchObject({ ok: true });
      const [row] = await runRows(database.db);
      expect(row).toMatchObject({ status: 'ok', copiedTo: `s3://${BUCKET}/${kind}/nightly/${row!.file}` });
      for (const name of [row!.file!, row!.file + MANIFEST_SUFFIX]) {
        const local = await readFile(path.join(p.backupDir, name));
        expect(local.length).toBeGreaterThan(0);
        expect((await objectBytes(`${kind}/nightly/${name}`)).equals(local)).toBe(true);
      }
    } finally {
      await p.close();
      await database.db.delete(backupRuns);
    }
  });

  it('a failed copy keeps the local backup, fails the attempt, and the retry copies the same dump', async () => {
    const p = await openBackupProcess(kind, database, {
      clock: () => clock,
      config: {
        BACKUP_S3_BUCKET: BUCKET,
        BACKUP_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
        BACKUP_S3_PREFIX: `${kind}/retry/`,
        ...KEYS,
      },
    });
    try {
      clock = new Date('2026-03-15T02:00:30Z');
      expect(await p.job.runDue()).toMatchObject({ ok: false, attempts: 1 });
      const [failed] = await runRows(database.db);
      expect(failed).toMatchObject({ status: 'failed', copiedTo: null });
      expect(failed!.error).toMatch(/^Copy to S3 failed/);
      expect(await p.dumps()).toEqual([failed!.file]);

      // The bucket is reachable again (as if the network came back): the retry copies the dump it has.
      p.ctx.config.BACKUP_S3_ENDPOINT = endpoint;
      clock = new Date('2026-03-15T02:06:00Z');
      expect(await p.job.runDue()).toMatchObject({ ok: true, attempts: 2 });
      const [row] = await runRows(database.db);
      expect(row).toMatchObject({
        status: 'ok',
        file: failed!.file,
        copiedTo: `s3://${BUCKET}/${kind}/retry/${failed!.file}`,
      });
      expect(await p.dumps()).toEqual([failed!.file]);
      const local = await readFile(path.join(p.backupDir, failed!.file!));
      expect((await objectBytes(`${kind}/retry/${failed!.file}`)).equals(local)).toBe(true);
    } finally {
      await p.close();
    }
  });
});
