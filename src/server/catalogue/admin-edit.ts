import type { AdminCatalogue } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { bumpCatalogueVersion } from './bump-version';
import { invalidateCatalogue } from './catalogue-store';
import { loadCatalogue } from './load-catalogue';

/** What an edit's `change` answers when the row's version is not the one the editor was shown. */
export const STALE = Symbol('stale');

export type EditOutcome<T> = { before: unknown; after: unknown; result: T; subjectId?: string };

/**
 * The one way a catalogue edit is written (DECISIONS.md "The venue owns its catalogue"): `change` runs in
 * a transaction, locks its row (`for update`) and compares the version; a stale one writes nothing and
 * answers 409 with the row as the admin catalogue now shows it, so the editor can show what changed.
 * Otherwise the catalogue version is bumped (every process reloads) and the audit entry holds the values
 * before and after, both in the edit's transaction; after commit this process drops its copy at once.
 */
export async function commitCatalogueEdit<T>(opts: {
  db: Db;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  /** The edited thing as GET /api/admin/catalogue shows it, for a stale edit's 409. */
  current: (all: AdminCatalogue) => unknown;
  change: (tx: Db) => Promise<EditOutcome<T> | typeof STALE>;
}): Promise<T> {
  const { db } = opts;
  const outcome = await db.transaction(async (tx) => {
    const o = await opts.change(tx);
    if (o === STALE) return o;
    await bumpCatalogueVersion(tx);
    await writeAudit(tx, {
      actor: opts.actor,
      action: opts.action,
      subjectType: opts.subjectType,
      subjectId: o.subjectId ?? opts.subjectId,
      details: { before: o.before ?? null, after: o.after ?? null },
    });
    return o;
  });
  if (outcome === STALE) {
    // Read after the refused transaction: the values as they are now, never older than what refused it.
    const current = opts.current(await loadCatalogue(db)) ?? null;
    throw new AppError('stale_version', 'Someone else changed this while you were editing. Here is what it says now.', {
      current,
    });
  }
  invalidateCatalogue(db);
  return outcome.result;
}

/** A row the edit names that is not (or no longer) there. */
export function notInCatalogue(what: string): AppError {
  return new AppError('not_found', `There is no such ${what}: it may have been removed. Reload to see the catalogue.`);
}
