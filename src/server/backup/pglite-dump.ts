import type { PGlite, Transaction } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * Tables are dumped in groups of about this many bytes on disk. pgDump returns each call's whole output
 * as one string, so the largest group bounds the memory a backup needs; each call also starts a new
 * pg_dump WASM instance and reads the catalogue again (a fraction of a second), so small tables share one.
 */
export const PIECE_BYTES = 32 * 1024 * 1024;

/** Every call: many rows per INSERT, so a restore runs far fewer statements than with one per row. */
const COMMON_ARGS = ['--no-owner', '--rows-per-insert=500'];

/**
 * The plain SQL dump of a PGlite database, piece by piece, for streaming into a file: the schema
 * (pre-data), then the data a group of tables at a time, then indexes, constraints and triggers
 * (post-data). Constraints come last, so the data pieces restore in any order, circular foreign keys too.
 *
 * `connection` must run inside `tx`, a REPEATABLE READ transaction: every pg_dump call then reads the
 * same snapshot, so the pieces are one consistent dump. Each piece is yielded and dropped before the next
 * call, so memory grows with the largest group, not with the database (one string past ~512 MB cannot
 * even be made).
 */
export async function* pgliteDumpPieces(
  connection: PGlite,
  tx: Pick<Transaction, 'query'>,
  pieceBytes = PIECE_BYTES,
): AsyncGenerator<Uint8Array> {
  const groups = groupTables(await tableSizes(tx), pieceBytes);
  const grouped = groups.flat();
  const pieces: string[][] = [
    ['--section=pre-data'],
    // The rest: small tables, and the sequences' setval (a sequence not owned by a column is in no group).
    ['--data-only', ...grouped.map((t) => `--exclude-table-data=${t}`)],
    ...groups.map((group) => ['--data-only', ...group.map((t) => `--table=${t}`)]),
    ['--section=post-data'],
  ];
  for (const args of pieces) {
    const file = await pgDump({ pg: connection, args: [...COMMON_ARGS, ...args] });
    yield* file.stream() as unknown as AsyncIterable<Uint8Array>;
  }
}

type TableSize = { pattern: string; bytes: number };

/** Ordinary and partitioned tables outside the system schemas, as exact pg_dump patterns, with sizes. */
async function tableSizes(tx: Pick<Transaction, 'query'>): Promise<TableSize[]> {
  const { rows } = await tx.query<{ schema: string; name: string; bytes: string }>(
    `select n.nspname as schema, c.relname as name, pg_table_size(c.oid)::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      order by pg_table_size(c.oid) desc, n.nspname, c.relname`,
  );
  return rows.map((r) => ({ pattern: `${quoted(r.schema)}.${quoted(r.name)}`, bytes: Number(r.bytes) }));
}

/**
 * Double quotes make a pg_dump pattern match the name exactly (no wildcards, case kept); a quote inside
 * is doubled, as in SQL.
 */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables of at least a tenth of a piece, largest first, packed into groups of at most `pieceBytes` (a
 * bigger table alone). Smaller tables are left out: they go in the one "rest" piece.
 */
export function groupTables(tables: TableSize[], pieceBytes: number): string[][] {
  const groups: { bytes: number; tables: string[] }[] = [];
  for (const t of [...tables].sort((a, b) => b.bytes - a.bytes)) {
    if (t.bytes < pieceBytes / 10) break;
    const fits = groups.find((g) => g.bytes + t.bytes <= pieceBytes);
    if (fits) {
      fits.bytes += t.bytes;
      fits.tables.push(t.pattern);
    } else groups.push({ bytes: t.bytes, tables: [t.pattern] });
  }
  return groups.map((g) => g.tables);
}
