import type { BackupManifest } from './manifest';

/** Runs one SQL statement and answers its rows: a pg client, a PGlite transaction, alike. */
export type RunSql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Row count and a hash of the rows of every table in schemas public and drizzle. Must run inside a
 * transaction (SET LOCAL), and in the backup's own snapshot so it describes exactly what the dump holds.
 *
 * The hash is the sum of the first 60 bits of each row's md5: order-independent (a restored table need
 * not return rows in the same order), one sequential scan and no sort, so it stays cheap on a million rows.
 * A row's text depends on a few settings (time zone, float digits...): they are pinned here so the same
 * rows hash the same on any server, whatever its defaults.
 */
export async function tableStats(run: RunSql): Promise<BackupManifest['tables']> {
  for (const setting of [
    "TimeZone = 'UTC'",
    "DateStyle = 'ISO, YMD'",
    "IntervalStyle = 'postgres'",
    'extra_float_digits = 3',
    "bytea_output = 'hex'",
  ])
    await run(`SET LOCAL ${setting}`);
  const tables = await run(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')
      order by 1, 2`,
  );
  const out: BackupManifest['tables'] = {};
  for (const t of tables) {
    const qualified = `${quoteIdent(String(t.schema))}.${quoteIdent(String(t.name))}`;
    const [row] = await run(
      `select count(*)::text as rows,
              coalesce(sum(('x' || left(md5(backup_row::text), 15))::bit(60)::bigint), 0)::text as hash
         from ${qualified} as backup_row`,
    );
    out[`${String(t.schema)}.${String(t.name)}`] = { rows: Number(row!.rows), hash: String(row!.hash) };
  }
  return out;
}

/** The tables whose counts or hashes differ, as lines an operator can read; empty when all agree. */
export function compareStats(expected: BackupManifest['tables'], actual: BackupManifest['tables']): string[] {
  const problems: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = actual[name];
    if (!got) problems.push(`${name}: missing after restore`);
    else if (got.rows !== want.rows) problems.push(`${name}: ${got.rows} rows, the backup had ${want.rows}`);
    else if (got.hash !== want.hash) problems.push(`${name}: same ${got.rows} rows but different contents`);
  }
  for (const name of Object.keys(actual)) if (!(name in expected)) problems.push(`${name}: not in the backup`);
  return problems;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
