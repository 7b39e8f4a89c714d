import type { z } from 'zod';
import type {
  PartyPaymentResponse,
  PartyQuoteResponse,
  partyBookingSchema,
  partyChoiceSchema,
} from '../../shared/contracts/party-booking';
import type { PendingPaymentClient } from '../abuse/pending-payment-cap';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import type { PaymentDeps } from '../payments/payment-deps';
import { holdParty } from './hold-party';
import { balanceDueDateOf } from './party-rules';
import { assertFoodChoices } from './party-food';
import { createPartyPayment, releasePartyHold } from './party-payment';
import { partyPrice, withVipDiscount, type PartyPrice } from './party-price';
import { assertPartySlotOnSale } from './party-rules';
import { slotForPackage, type PartyCatalogue } from '../catalogue/party-settings';
import { findPartyVoucher, reservePartyVoucher, type PartyVoucher } from './party-voucher';

type Choice = z.infer<typeof partyChoiceSchema>;

/** The price a choice would be charged: the catalogue's, less the VIP Party Discount when its code is given. */
async function priceChoice(
  db: Db,
  catalogue: PartyCatalogue,
  choice: Choice,
  now: Date,
): Promise<{ price: PartyPrice; voucher: PartyVoucher | null }> {
  // The package first: an unknown one is named as such, not as a time it cannot be booked at.
  const listPrice = partyPrice(catalogue, choice.packageId, choice.children, choice.date);
  const slot = slotForPackage(catalogue, choice.packageId, choice.slotId);
  assertPartySlotOnSale(choice.date, slot, now, catalogue.partyBooking.value);
  const voucher = choice.voucherCode ? await findPartyVoucher(db, choice.voucherCode) : null;
  const price = voucher ? withVipDiscount(listPrice, catalogue.partyBooking.value.depositPence) : listPrice;
  return { price, voucher };
}

/** POST /api/parties/quote: exactly what POST /api/parties would charge for the same choice (holdParty prices the same way). */
export async function quoteParty(db: Db, choice: Choice, now: Date): Promise<PartyQuoteResponse> {
  const { price } = await priceChoice(db, await catalogueOf(db), choice, now);
  return {
    lines: price.lines,
    totalPence: price.totalPence,
    depositPence: price.depositPence,
    balancePence: price.totalPence - price.depositPence,
    balanceDueDate: balanceDueDateOf(choice.date),
  };
}

/**
 * POST /api/parties: holds a room (with the family's food choices, dietary notes and VIP voucher) and
 * starts the deposit payment. Unpaid online holds are capped per e-mail and per client address
 * (pending-payment-cap.ts, kind 'party'); staff holds for phone callers are not. A provider that cannot start the payment gives the room back at once (502,
 * as for tickets); a room that has just gone is 409 party_slot_taken, with no payment made.
 */
export async function bookParty(
  deps: PaymentDeps & { now: Date; client: PendingPaymentClient },
  input: z.infer<typeof partyBookingSchema>,
): Promise<PartyPaymentResponse> {
  const { db, now } = deps;
  const catalogue = await catalogueOf(db);
  const { voucher } = await priceChoice(db, catalogue, input, now);
  assertFoodChoices(catalogue, input.packageId, input.children, input.foodChoices);
  const party = await holdParty(db, input, now, catalogue, {
    foodChoices: input.foodChoices,
    dietaryNotes: input.dietaryNotes,
    vipDiscount: voucher ? { reserve: (tx, p) => reservePartyVoucher(tx, voucher, p, now) } : undefined,
    client: deps.client,
  });
  try {
    const due = await createPartyPayment(deps, party.id, 'deposit');
    // A new hold has nothing paid yet: its whole deposit is the card's (a gift voucher comes on the pay step).
    if (!due.clientSecret) throw new Error(`a new party hold ${party.id} answered no card payment`);
    const { partyId, reference, clientSecret, amountPence, manageToken, holdExpiresAt } = due;
    return { partyId, reference, clientSecret, amountPence, manageToken, holdExpiresAt };
  } catch (err) {
    await releasePartyHold(deps, party.id);
    throw err;
  }
}
