import { normaliseFamilyEmail } from '../../shared/contracts/family';
import type { DataExportFile } from '../../shared/contracts/privacy';
import { rowsOf, type Db } from '../db/client';
import { writeAudit } from '../staff/audit';
import { addressRef } from './address-ref';
import { subjectRowQueries } from './subject-rows';

/** Credentials, not data about the person: a file that may be e-mailed on must not carry them. */
const secretColumns = new Set([
  'token_hash',
  'offer_token_hash',
  'code_hash',
  'link_hash',
  'viewer_secret_hash',
  'client_secret',
  'ticket_token',
]);

/**
 * Everything held about one address as one JSON document (a subject access request), read in one
 * repeatable-read snapshot so the tables agree with each other, and written to the audit log with the
 * admin who asked. The audit entry names the address only by a keyed hash (address-ref.ts), so an
 * erasure later leaves nothing of it behind.
 */
export async function exportData(opts: { db: Db; email: string; actor: string; now: Date }): Promise<DataExportFile> {
  const email = normaliseFamilyEmail(opts.email);
  const ref = await addressRef(opts.db, email);
  return opts.db.transaction(
    async (tx) => {
      const tables: DataExportFile['tables'] = {};
      for (const [table, query] of Object.entries(subjectRowQueries(email)))
        tables[table] = rowsOf<Record<string, unknown>>(await tx.execute(query)).map((row) =>
          Object.fromEntries(Object.entries(row).filter(([column]) => !secretColumns.has(column))),
        );
      const counts = Object.fromEntries(Object.entries(tables).map(([t, rows]) => [t, rows.length]));
      await writeAudit(tx, {
        actor: opts.actor,
        action: 'data_exported',
        subjectType: 'data_subject',
        subjectId: ref,
        details: counts,
      });
      return { exportedAt: opts.now.toISOString(), email, tables };
    },
    { isolationLevel: 'repeatable read' },
  );
}
