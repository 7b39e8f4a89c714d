import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { BackupError, backupFileName, MANIFEST_SUFFIX, sha256OfFile, type BackupManifest } from './manifest';
import { connectPg, libpqTarget, pgRunner, runPgTool } from './pg-tools';
import { pgliteDumpPieces } from './pglite-dump';
import { tableStats, type RunSql } from './table-stats';

export type { BackupManifest } from './manifest';
export type BackupSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

/**
 * Writes one consistent backup of the whole database into `dir`: the dump, then its manifest (row counts
 * and hashes of every table, taken in the dump's own snapshot, and the dump's sha256). Both are written
 * under temporary names and renamed at the end, the manifest last: a dump without its manifest is
 * unfinished, and a crash never leaves a half-written file that looks like a backup.
 */
export async function writeBackup(opts: {
  source: BackupSource;
  dir: string;
  now: Date;
  /** PGlite: tables are dumped in groups of about this many bytes (tests make it small, to get many). */
  pglitePieceBytes?: number;
}): Promise<{ file: string; manifestFile: string; manifest: BackupManifest; ms: number }> {
  const started = performance.now();
  const dir = path.resolve(opts.dir);
  await mkdir(dir, { recursive: true });
  const name = backupFileName(opts.now, opts.source.kind);
  const file = path.join(dir, name);
  const manifestFile = file + MANIFEST_SUFFIX;
  if (await exists(file)) throw new BackupError(`A backup named ${name} already exists in ${dir}.`);
  const tmp = path.join(dir, `.${name}.partial-${process.pid}`);
  try {
    const tables =
      opts.source.kind === 'postgres'
        ? await dumpPostgres(opts.source.url, tmp)
        : await dumpPglite(opts.source.client, tmp, opts.pglitePieceBytes);
    const { sha256, bytes } = await sha256OfFile(tmp);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: opts.now.toISOString(),
      database: opts.source.kind,
      file: name,
      bytes,
      sha256,
      tables,
    };
    await rename(tmp, file);
    await writeFile(tmp + MANIFEST_SUFFIX, JSON.stringify(manifest, null, 2) + '\n');
    await rename(tmp + MANIFEST_SUFFIX, manifestFile);
    return { file, manifestFile, manifest, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(tmp, { force: true });
    await rm(tmp + MANIFEST_SUFFIX, { force: true });
  }
}

/**
 * PostgreSQL: a REPEATABLE READ transaction exports its snapshot; pg_dump dumps that very snapshot while
 * the counts and hashes are taken in the same transaction, so both describe one instant even while the
 * site keeps taking bookings. Custom format: compressed, and pg_restore can pick from it.
 */
async function dumpPostgres(url: string, out: string): Promise<BackupManifest['tables']> {
  const client = await connectPg(url);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [{ snapshot }] = (await client.query('SELECT pg_export_snapshot() AS snapshot')).rows as [
      { snapshot: string },
    ];
    const { dbname, env } = libpqTarget(url);
    const dumping = runPgTool(
      'pg_dump',
      ['--format=custom', '--no-password', `--snapshot=${snapshot}`, `--file=${out}`, `--dbname=${dbname}`],
      env,
    );
    // Counting while pg_dump reads: the snapshot must stay open until pg_dump has finished anyway.
    const [tables] = await Promise.all([tableStats(pgRunner(client)), dumping]);
    await client.query('COMMIT');
    return tables;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * PGlite has one connection, shared with the running server. Everything happens inside one PGlite
 * transaction: it holds PGlite's transaction lock, so no request's query runs between the dump's pieces
 * and the counts (they wait, then run). pgDump is given that transaction as its connection: its own BEGIN
 * and session settings land inside ours, and the final ROLLBACK undoes those settings (SET is
 * transactional), leaving the server's session as it was. pgDump calling the client itself would wait for
 * our lock forever. The dump is written in pieces (pglite-dump.ts), each gzipped as it comes, so the
 * lock is held while the file is written, but memory no longer grows with the whole database.
 */
async function dumpPglite(client: PGlite, out: string, pieceBytes?: number): Promise<BackupManifest['tables']> {
  return client.transaction(async (tx) => {
    // pg_dump asks for REPEATABLE READ itself; asking first keeps its request from failing once a query ran.
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const connection = {
      query: tx.query,
      exec: tx.exec,
      // Read-only: nothing to flush to disk after each of pg_dump's messages (that flush cost seconds).
      execProtocolRawStream: (message: Uint8Array, o: { onRawData: (b: Uint8Array) => void }) =>
        client.execProtocolRawStream(message, { ...o, syncToFs: false }),
    } as unknown as PGlite;
    const tables = await tableStats(pgliteRunner(tx));
    await pipeline(Readable.from(pgliteDumpPieces(connection, tx, pieceBytes)), createGzip(), createWriteStream(out));
    await tx.rollback();
    return tables;
  });
}

/** A PGlite transaction (or the client) as a RunSql. */
export const pgliteRunner =
  (tx: Pick<Transaction, 'query'>): RunSql =>
  async (text, params) =>
    (await tx.query<Record<string, unknown>>(text, params)).rows;

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
