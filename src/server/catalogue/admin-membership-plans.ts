import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { membershipPlansEditSchema } from '../../shared/contracts/memberships';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { commitCatalogueEdit, STALE } from './admin-edit';
import { bandIdsIn } from './day-types-settings';
import { lockDocumentAt, writeDocument } from './defaulted-document';
import { childTicketTypeIdsOf, MEMBERSHIP_PLANS_KEY, withMembershipPlanDefaults } from './membership-plans-settings';
import { ticketTypes } from '../db/schema';

/**
 * PATCH /api/admin/catalogue/membership-plans (issue 40): every plan at once, as the other settings
 * documents. A plan names ticket types and bands that exist; removing a plan members hold is for the
 * memberships to come (there are none yet). Validated, audited with before and after, 409 when stale.
 */
export async function editMembershipPlans(opts: {
  db: Db;
  input: z.infer<typeof membershipPlansEditSchema>;
  actor: string;
  now: Date;
}): Promise<void> {
  const { input } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.membership_plans_edited',
    subjectType: 'catalogue_document',
    subjectId: MEMBERSHIP_PLANS_KEY,
    current: (all) => all.membershipPlans,
    change: async (tx) => {
      const allTypes = await tx.select().from(ticketTypes).orderBy(asc(ticketTypes.sort), asc(ticketTypes.id));
      const childTypeIds = childTicketTypeIdsOf(allTypes);
      const locked = await lockDocumentAt(tx, {
        key: MEMBERSHIP_PLANS_KEY,
        version: input.version,
        defaults: () => withMembershipPlanDefaults(null, childTypeIds),
        now: opts.now,
      });
      if (locked === STALE) return STALE;
      const types = new Set(allTypes.map((t) => t.id));
      const bands = new Set(await bandIdsIn(tx));
      const fields: Record<string, string[]> = {};
      input.plans.forEach((p, i) => {
        const unknownType = p.ticketTypeIds.find((t) => !types.has(t));
        if (unknownType) fields[`plans.${i}.ticketTypeIds`] = [`There is no ticket type ${unknownType}`];
        const unknownBand = p.bandIds.find((b) => !bands.has(b));
        if (unknownBand) fields[`plans.${i}.bandIds`] = [`There is no band of days ${unknownBand}`];
      });
      if (Object.keys(fields).length > 0)
        throw new AppError('invalid_input', Object.values(fields)[0]![0]!, { fields });
      const before = withMembershipPlanDefaults(locked.value, childTypeIds);
      const after = { plans: input.plans };
      await writeDocument(tx, { key: MEMBERSHIP_PLANS_KEY, version: input.version, value: after, now: opts.now });
      return { before, after, result: undefined };
    },
  });
}
