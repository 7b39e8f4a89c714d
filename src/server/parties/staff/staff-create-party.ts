import type { StaffPartyCreateResponse } from '../../../shared/contracts/admin-parties';
import type { z } from '../../../shared/contracts/zod';
import type { staffPartyCreateSchema } from '../../../shared/contracts/admin-parties';
import { catalogueOf, publicCatalogue } from '../../catalogue/catalogue-store';
import { venueInstant } from '../../bookings/visit-time';
import type { Db } from '../../db/client';
import { enqueueMail } from '../../mail/enqueue-mail';
import { getAppSecret } from '../../security/app-secret';
import { writeAudit } from '../../staff/audit';
import { holdParty } from '../hold-party';
import { manageLinkFor } from '../party-access';
import { assertFoodChoices } from '../party-food';
import { partyNames, slotForPackage, type PartyCatalogue } from '../../catalogue/party-settings';
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
  const secret = await getAppSecret(db);
  const { venue } = await publicCatalogue(db, now);
  // The party, its audit entry and the family's payment link in one transaction: a failure leaves no
  // room held for 48 hours that nobody was told of (and a retry holds no second one).
  const party = await holdParty(db, input, now, longerHold, {
    foodChoices: input.foodChoices,
    dietaryNotes: input.dietaryNotes,
    createdByStaff: opts.actor,
    afterInsert: async (tx, held) => {
      await writeAudit(tx, {
        actor: opts.actor,
        action: 'party_created',
        subjectType: 'party',
        subjectId: held.id,
        details: { reference: held.reference, date: held.date, slotId: held.slotId, totalPence: held.totalPence },
      });
      await enqueueMail(
        tx,
        partyPaymentLinkMail(
          { ...held, ...partyNames(catalogue, held) },
          {
            link: manageLinkFor(opts.publicUrl, secret, held.id),
            depositPence: held.depositPence,
            totalPence: held.totalPence,
            holdExpiresAt: held.holdExpiresAt,
            venue,
          },
        ),
      );
    },
  });
  return {
    id: party.id,
    reference: party.reference,
    totalPence: party.totalPence,
    depositPence: party.depositPence,
    holdExpiresAt: party.holdExpiresAt?.toISOString() ?? null,
  };
}
