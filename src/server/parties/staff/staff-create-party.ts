import { eq } from 'drizzle-orm';
import type { StaffPartyCreateResponse } from '../../../shared/contracts/admin-parties';
import type { z } from '../../../shared/contracts/zod';
import type { staffPartyCreateSchema } from '../../../shared/contracts/admin-parties';
import { catalogueOf, publicCatalogue } from '../../catalogue/catalogue-store';
import { venueInstant } from '../../bookings/visit-time';
import type { Db } from '../../db/client';
import { partyBookings } from '../../db/schema';
import { enqueueMail } from '../../mail/enqueue-mail';
import { getAppSecret } from '../../security/app-secret';
import { writeAudit } from '../../staff/audit';
import { holdParty } from '../hold-party';
import { manageLinkFor } from '../party-access';
import { assertFoodChoices } from '../party-food';
import { slotForPackage, type PartyCatalogue } from '../party-settings';
import { partyNames } from '../party-settings';
import { partyPaymentLinkMail } from './party-staff-mails';

/** A phone caller's room is held for 2 days while they pay from the e-mailed link (online: minutes). */
export const STAFF_HOLD_MINUTES = 48 * 60;

/**
 * Staff book a party for a phone caller (issue 28): the family form's fields, priced by the server as
 * online, held like an online party but for 48 hours (never past the party's start), marked as made by
 * that member of staff, audited, and the family gets the link to their party page where they pay the
 * deposit (the page's balance route takes a held party's deposit).
 */
export async function staffCreateParty(opts: {
  db: Db;
  input: z.infer<typeof staffPartyCreateSchema>;
  actor: string;
  publicUrl: string;
  now: Date;
}): Promise<StaffPartyCreateResponse> {
  const { db, input, now } = opts;
  const catalogue = await catalogueOf(db);
  assertFoodChoices(catalogue, input.packageId, input.children, input.foodChoices);
  const slot = slotForPackage(catalogue, input.packageId, input.slotId);
  const untilStart = Math.floor((venueInstant(input.date, slot.start).getTime() - now.getTime()) / 60_000);
  const holdMinutes = Math.max(1, Math.min(STAFF_HOLD_MINUTES, untilStart));
  const longerHold: PartyCatalogue = {
    ...catalogue,
    partyBooking: { ...catalogue.partyBooking, value: { ...catalogue.partyBooking.value, holdMinutes } },
  };
  const party = await holdParty(db, input, now, longerHold, {
    foodChoices: input.foodChoices,
    dietaryNotes: input.dietaryNotes,
  });
  const secret = await getAppSecret(db);
  const { venue } = await publicCatalogue(db, now);
  await db.transaction(async (tx) => {
    await tx.update(partyBookings).set({ createdByStaff: opts.actor }).where(eq(partyBookings.id, party.id));
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'party_created',
      subjectType: 'party',
      subjectId: party.id,
      details: { reference: party.reference, date: party.date, slotId: party.slotId, totalPence: party.totalPence },
    });
    await enqueueMail(
      tx,
      partyPaymentLinkMail(
        { ...party, ...partyNames(catalogue, party) },
        {
          link: manageLinkFor(opts.publicUrl, secret, party.id),
          depositPence: party.depositPence,
          totalPence: party.totalPence,
          holdExpiresAt: party.holdExpiresAt,
          venue,
        },
      ),
    );
  });
  return {
    id: party.id,
    reference: party.reference,
    totalPence: party.totalPence,
    depositPence: party.depositPence,
    holdExpiresAt: party.holdExpiresAt?.toISOString() ?? null,
  };
}
