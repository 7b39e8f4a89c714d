import { mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile, copyFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { getBooking } from '../bookings/testing/booking-fixtures';
import { movableClock } from '../bookings/testing/staff-booking-fixtures';
import { openDatabase, type Database } from '../db/client';
import { book, buyCredits } from '../testing/dashboard-fixtures';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { MANIFEST_SUFFIX, type BackupManifest } from './manifest';
import { connectPg, pgRunner } from './pg-tools';
import { restoreBackup, type RestoreTarget } from './restore';
import { pgliteRunner, writeBackup, type BackupSource } from './snapshot';
import { tableStats } from './table-stats';
import { createPgDatabase, dropPgDatabase } from './testing/pg-databases';

/**
 * The restore drill (DECISIONS.md "Nothing is lost"): a venue's data made through the real API, backed up,
 * restored into a new empty database; every table's count and hash must be equal, and the site built on
 * the restored database must answer the same bookings.
 */
describe.each(testDbKinds)('restore drill on %s', (kind) => {
  const clock = movableClock();
  const dir = mkdtempSync(path.join(tmpdir(), `restore-drill-${kind}-`));
  const pgDatabases: string[] = [];
  let source: Database & { url?: string };
  let app: FastifyInstance;
  let cookie: string;
  let bookingIds: string[];
  let answers: unknown;
  let backup: Awaited<ReturnType<typeof writeBackup>>;
  let sourceStats: BackupManifest['tables'];

  beforeAll(async () => {
    source = await openTestDatabase(kind);
    const built = await buildApp({ db: source.db, config: testConfig(), now: clock.now, webRoot: '/nonexistent' });
    app = built.app;
    await app.ready();
    cookie = (await signInAs(app, built.ctx)).cookie;
    // Bookings with their payments and loyalty points, a bundle of session credits, audited staff actions.
    bookingIds = [];
    for (const [i, name] of ['Ada Lovelace', 'Zoë Ñúñez', "Pat O'Brien"].entries()) {
      clock.tick();
      bookingIds.push((await book(app, { customerName: name, customerEmail: `family${i}@example.com` })).bookingId);
    }
    await buyCredits(app, { customerName: 'Sam Carer', customerEmail: 'credits@example.com' });
    const staff = staffRequest(app, cookie);
    clock.tick();
    expect((await staff('POST', `/api/admin/bookings/${bookingIds[0]}/resend-confirmation`, {})).statusCode).toBe(200);
    clock.tick();
    const cancelled = await staff('POST', `/api/admin/bookings/${bookingIds[1]}/cancel`, {
      reason: 'Ill',
      refund: 'none',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    answers = await siteAnswers(app, cookie, bookingIds);
    backup = await writeBackup({ source: sourceOf(source), dir, now: clock.now() });
    sourceStats = await statsOf(source);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await source?.close();
    for (const name of pgDatabases) await dropPgDatabase(name);
    await rm(dir, { recursive: true, force: true });
  });

  /** A new, empty database to restore into: a data directory that does not exist yet, or a new PG database. */
  async function emptyTarget(): Promise<RestoreTarget> {
    if (kind === 'pglite') return { kind, dataDir: path.join(dir, `restored-${Math.random().toString(36).slice(2)}`) };
    const { name, url } = await createPgDatabase();
    pgDatabases.push(name);
    return { kind, url };
  }
  const open = (t: RestoreTarget) =>
    openDatabase(t.kind === 'postgres' ? { databaseUrl: t.url } : { dataDir: t.dataDir });

  it('backs up every table, with what the site wrote, as the source holds it', () => {
    expect(path.basename(backup.file)).toMatch(
      kind === 'postgres' ? /^playtime-barn-20251021-09\d{4}Z\.pgdump$/ : /^playtime-barn-20251021-09\d{4}Z\.sql\.gz$/,
    );
    expect(backup.manifestFile).toBe(backup.file + MANIFEST_SUFFIX);
    const t = backup.manifest.tables;
    expect(t['public.bookings']!.rows).toBe(3);
    expect(t['public.payments']!.rows).toBeGreaterThanOrEqual(3);
    for (const name of ['credit_ledger', 'credit_purchases', 'loyalty_ledger', 'loyalty_members', 'audit_log'])
      expect(t[`public.${name}`]!.rows, name).toBeGreaterThan(0);
    expect(t['drizzle.__drizzle_migrations']!.rows).toBeGreaterThan(20);
    // The manifest describes the database as it was backed up, table by table.
    expect(backup.manifest.tables).toEqual(sourceStats);
  });

  it('restores into an empty database: every count and hash equal, and the site answers the same bookings', async () => {
    const target = await emptyTarget();
    const summary = await restoreBackup({ file: backup.file, target });
    expect(summary).toMatchObject({ database: kind, bytes: backup.manifest.bytes, movedAside: undefined });

    const restored = await open(target);
    try {
      expect(await statsOf(restored, target)).toEqual(sourceStats);
      const { app: restoredApp } = await buildApp({
        db: restored.db,
        config: testConfig(),
        now: clock.now,
        webRoot: '/nonexistent',
      });
      try {
        await restoredApp.ready();
        // The staff member's session was restored too: the same browser sees the same bookings.
        expect(await siteAnswers(restoredApp, cookie, bookingIds)).toEqual(answers);
      } finally {
        await restoredApp.close();
      }
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses a database that holds data unless forced, and then replaces it with the backup', async () => {
    const target = await emptyTarget();
    await restoreBackup({ file: backup.file, target });
    // Someone books on the restored site; a second restore must not silently throw that away.
    const db = await open(target);
    const before = await statsOf(db, target);
    await db.close();
    await expect(restoreBackup({ file: backup.file, target })).rejects.toThrow(/is not empty/);

    const again = await restoreBackup({ file: backup.manifestFile, target, force: true });
    if (kind === 'pglite') expect(again.movedAside).toMatch(/\.before-restore-\d{8}T\d{6}$/);
    const after = await open(target);
    try {
      expect(await statsOf(after, target)).toEqual(before);
    } finally {
      await after.close();
    }
  }, 60_000);

  it('refuses a dump that does not match its manifest, restoring nothing', async () => {
    const tampered = path.join(dir, 'tampered');
    await mkdir(tampered);
    const file = path.join(tampered, path.basename(backup.file));
    const bytes = await readFile(backup.file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    await writeFile(file, bytes);
    await copyFile(backup.manifestFile, file + MANIFEST_SUFFIX);
    const target = await emptyTarget();
    await expect(restoreBackup({ file, target })).rejects.toThrow(/does not match its manifest's checksum/);
    await expect(restoreBackup({ file: path.join(tampered, 'missing.sql.gz'), target })).rejects.toThrow(
      /No backup at/,
    );
    if (target.kind === 'pglite') await expect(readFile(path.join(target.dataDir, 'PG_VERSION'))).rejects.toThrow();
    else {
      const client = await connectPg(target.url);
      const { rows } = await client.query(
        `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    }
  });
});

function sourceOf(database: Database & { url?: string }): BackupSource {
  return database.kind === 'pglite'
    ? { kind: 'pglite', client: database.pglite! }
    : { kind: 'postgres', url: database.url! };
}

/** Counts and hashes of every table, in one transaction. */
async function statsOf(
  database: Database & { url?: string },
  target?: RestoreTarget,
): Promise<BackupManifest['tables']> {
  if (database.kind === 'pglite') return database.pglite!.transaction((tx) => tableStats(pgliteRunner(tx)));
  const url = target?.kind === 'postgres' ? target.url : database.url!;
  const client = await connectPg(url);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    return await tableStats(pgRunner(client));
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}

/** What staff and families see of the bookings: the staff search, each booking's page, the family's view. */
async function siteAnswers(app: FastifyInstance, cookie: string, ids: string[]) {
  const staff = staffRequest(app, cookie);
  const search = await staff('GET', '/api/admin/bookings?q=example.com');
  expect(search.statusCode, search.body).toBe(200);
  const out: unknown[] = [search.json()];
  for (const id of ids) {
    const detail = await staff('GET', `/api/admin/bookings/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const family = await getBooking(app, id);
    expect(family.statusCode, family.body).toBe(200);
    out.push(detail.json(), family.json());
  }
  return out;
}
