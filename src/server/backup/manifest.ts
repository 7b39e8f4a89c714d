import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a backup says about itself, in `<dump file>.manifest.json` beside the dump. Written last, so a dump
 * with its manifest is a finished backup; restore checks the dump against `sha256` and the restored
 * database against `tables`.
 */
export const backupManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** Basename of the dump beside the manifest. */
  file: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Every table of schemas public and drizzle, as `schema.table`. */
  tables: z.record(z.string(), z.object({ rows: z.number().int().nonnegative(), hash: z.string() })),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const MANIFEST_SUFFIX = '.manifest.json';

/** A failure the operator can act on: the CLIs print its message alone, with no stack trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** `playtime-barn-YYYYMMDD-HHMMSSZ.pgdump` or `.sql.gz`: the UTC instant, so names sort by age. */
export function backupFileName(now: Date, database: BackupManifest['database']): string {
  const iso = now.toISOString(); // 2025-10-20T10:00:00.000Z
  const stamp = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}Z`;
  return `playtime-barn-${stamp}.${database === 'postgres' ? 'pgdump' : 'sql.gz'}`;
}

export async function sha256OfFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The dump and manifest paths for either one of them, as the operator may name either. */
export function backupPaths(file: string): { dump: string; manifest: string } {
  const abs = path.resolve(file);
  return abs.endsWith(MANIFEST_SUFFIX)
    ? { dump: abs.slice(0, -MANIFEST_SUFFIX.length), manifest: abs }
    : { dump: abs, manifest: abs + MANIFEST_SUFFIX };
}

export async function readManifest(manifestFile: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(manifestFile, 'utf8');
  } catch {
    throw new BackupError(`No manifest at ${manifestFile}: copy the backup's .manifest.json beside it.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${manifestFile} is not a backup manifest (not JSON).`);
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(`${manifestFile} is not a backup manifest (${parsed.error.issues[0]?.message}).`);
  return parsed.data;
}

export const totalRows = (m: Pick<BackupManifest, 'tables'>) =>
  Object.values(m.tables).reduce((sum, t) => sum + t.rows, 0);

/** "1.2 MB", for what the CLIs print. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
