import { desc, lte } from 'drizzle-orm';
import type { AgreementResponse, PublishAgreementInput } from '../../shared/contracts/family-profile';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { agreementVersions } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';

/**
 * The visit agreement (rules of play, issue 39): versioned text in the catalogue. A published version is never
 * edited; the next one starts on its effective date, and from then on adults must accept it (families/agreements.ts).
 * Version 1 ships in migration 0033. Read from the database: one indexed row, asked for rarely.
 */
export async function agreementInForce(db: Db, now: Date): Promise<AgreementResponse> {
  const [row] = await db
    .select()
    .from(agreementVersions)
    .where(lte(agreementVersions.effectiveFrom, todayInLondon(now)))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  if (!row) throw new AppError('not_found', 'The venue has not published its rules of play yet.');
  return { version: row.version, text: row.text, effectiveFrom: row.effectiveFrom };
}

/** Every version, newest first, for the admin's editor (the next one may not be in force yet). */
export async function agreementVersionsList(db: Db): Promise<AgreementResponse[]> {
  const rows = await db.select().from(agreementVersions).orderBy(desc(agreementVersions.version));
  return rows.map((r) => ({ version: r.version, text: r.text, effectiveFrom: r.effectiveFrom }));
}

/**
 * PATCH /api/admin/catalogue/agreement: a new version, numbered after the newest the admin saw (`version`);
 * a stale one is a 409, as every catalogue edit. Starts today or later; audited with the text before and after.
 */
export async function publishAgreement(opts: {
  db: Db;
  input: Required<PublishAgreementInput>;
  actor: string;
  now: Date;
}): Promise<void> {
  const { input } = opts;
  if (input.effectiveFrom < todayInLondon(opts.now))
    throw new AppError('date_in_past', 'A new version starts today or later.', {
      fields: { effectiveFrom: ['Please choose today or a later date.'] },
    });
  await opts.db.transaction(async (tx) => {
    // The newest version, locked: two admins publishing at once get one new version and one 409.
    const [newest] = await tx
      .select()
      .from(agreementVersions)
      .orderBy(desc(agreementVersions.version))
      .limit(1)
      .for('update');
    if ((newest?.version ?? 0) !== input.version)
      throw new AppError('stale_version', 'Someone else published a version while you were editing. Here it is.', {
        current: newest ? { version: newest.version, text: newest.text, effectiveFrom: newest.effectiveFrom } : null,
      });
    const version = input.version + 1;
    await tx.insert(agreementVersions).values({
      version,
      text: input.text,
      effectiveFrom: input.effectiveFrom,
      publishedBy: opts.actor,
      publishedAt: opts.now,
    });
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'catalogue.agreement_published',
      subjectType: 'agreement',
      subjectId: String(version),
      details: {
        before: newest ? { version: newest.version, text: newest.text, effectiveFrom: newest.effectiveFrom } : null,
        after: { version, text: input.text, effectiveFrom: input.effectiveFrom },
      },
    });
  });
}
