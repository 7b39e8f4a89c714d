import type { VenueView } from '../../shared/catalogue';
import { catalogueOf, publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { confirmParty } from './confirm-party';
import { manageLinkFor } from './party-access';
import { partyDetailsOf } from './party-details';
import { awardPartyPoints } from './party-loyalty';
import { partyBalancePaidMail, partyConfirmedMail } from './party-mails';
import type { PartyCatalogue } from '../catalogue/party-settings';
import { spendPartyVoucher } from './party-voucher';
import { findParty } from './party-view';

type Row = Awaited<ReturnType<typeof findParty>>;

/** What settling needs besides the party, read before its transaction (as applyPaymentStatus reads them). */
export type SettlementContext = { secret: string; publicUrl: string; catalogue: PartyCatalogue; venue: VenueView };

export async function settlementContext(db: Db, publicUrl: string, now: Date): Promise<SettlementContext> {
  return {
    secret: await getAppSecret(db),
    publicUrl,
    catalogue: await catalogueOf(db),
    venue: (await publicCatalogue(db, now)).venue,
  };
}

/**
 * A gift voucher has just paid all that was due, in the caller's transaction (slot and party locked): what
 * a card payment's success would have done, without one (apply-party-payment.ts). The deposit confirms the
 * party, uses its VIP Party Discount, awards Party Host (points are for money paid, and a voucher's was
 * paid by whoever bought it) and sends the confirmation; the balance sends the receipt. Each mail's dedupe
 * key names the party and what had been paid, so it is sent once.
 */
export async function settlePartyByVoucher(
  tx: Db,
  o: SettlementContext & { party: Row; kind: 'deposit' | 'balance'; spentPence: number; now: Date },
): Promise<Row> {
  const { now } = o;
  if (o.kind === 'deposit') await confirmParty(tx, o.party.id, now, o.catalogue);
  const party = await findParty(tx, o.party.id, { lock: false });
  const details = partyDetailsOf(party, o.catalogue);
  const manageLink = manageLinkFor(o.publicUrl, o.secret, party.id);
  const paymentId = `gift-voucher:${party.id}:${party.paidPence}`;
  if (o.kind === 'deposit') {
    await awardPartyPoints(tx, {
      email: party.parentEmail,
      partyId: party.id,
      paymentId: null,
      partyDate: party.partyDate,
      paidPence: 0,
      kind: 'deposit',
    });
    await spendPartyVoucher(tx, party, now);
    await enqueueMail(
      tx,
      partyConfirmedMail(details, { paymentId, paidPence: party.paidPence, manageLink, venue: o.venue, now }),
    );
  } else {
    await enqueueMail(
      tx,
      partyBalancePaidMail(details, {
        paymentId,
        amountPence: o.spentPence,
        paidPence: party.paidPence,
        manageLink,
        venue: o.venue,
      }),
    );
  }
  return party;
}
