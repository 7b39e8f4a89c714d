import { eq } from 'drizzle-orm';
import type { IncomeKind, VatLineKind } from '../../shared/contracts/accounts';
import { addDays, addMonths, todayInLondon } from '../../shared/dates';
import { splitGross } from '../../shared/vat';
import type { Db } from '../db/client';
import {
  bookings,
  eventBookings,
  eventSlots,
  memberships,
  partyBookings,
  payments,
  tillSaleLines,
  tillSales,
  vatLines,
} from '../db/schema';
import { rateOn, readAccountsSettings } from './settings';

type PaymentRow = typeof payments.$inferSelect;

export type VatLineInput = {
  sourceKey: string;
  occurredAt: Date;
  kind: VatLineKind;
  event: 'sale' | 'refund';
  settlement: 'card' | 'cash' | 'voucher';
  rateBasisPoints: number;
  grossPence: number;
  /** Given when the seller already split the line (the till); else worked out from the gross at the rate. */
  vatPence?: number;
  description: string;
  paymentId?: string | null;
  providerPaymentId?: string | null;
  tillSaleId?: string | null;
  serviceFrom?: string | null;
  serviceTo?: string | null;
};

/**
 * Writes one line of the VAT ledger (vat_lines) in the caller's transaction, once per source: a repeated
 * report of the same money writes nothing. The VAT is the VAT fraction of the gross, rounded per line.
 */
export async function writeVatLine(tx: Db, l: VatLineInput): Promise<void> {
  const vatPence = l.vatPence ?? splitGross(l.grossPence, l.rateBasisPoints).vatPence;
  await tx
    .insert(vatLines)
    .values({
      sourceKey: l.sourceKey,
      occurredAt: l.occurredAt,
      day: todayInLondon(l.occurredAt),
      kind: l.kind,
      event: l.event,
      settlement: l.settlement,
      rateBasisPoints: l.rateBasisPoints,
      grossPence: l.grossPence,
      netPence: l.grossPence - vatPence,
      vatPence,
      description: l.description,
      paymentId: l.paymentId ?? null,
      providerPaymentId: l.providerPaymentId ?? null,
      tillSaleId: l.tillSaleId ?? null,
      serviceFrom: l.serviceFrom ?? null,
      serviceTo: l.serviceTo ?? null,
    })
    .onConflictDoNothing({ target: vatLines.sourceKey });
}

/** The rate in force on the tax point for a kind (dated settings). */
export async function rateAt(tx: Db, kind: IncomeKind, at: Date): Promise<number> {
  const { settings } = await readAccountsSettings(tx);
  return rateOn(settings, kind, todayInLondon(at));
}

const kindOfPurpose: Record<string, VatLineKind> = {
  booking: 'admission',
  credit_purchase: 'credits',
  party_deposit: 'parties',
  party_balance: 'parties',
  gift_voucher: 'gift_voucher',
  membership: 'memberships',
  membership_renewal: 'memberships',
  // A special event's places are admission (issue 51); an order from the table is eaten in, so always
  // standard-rated cafe sales (issue 49, HMRC VAT Notice 709/1).
  event: 'admission',
  cafe_order: 'cafe',
};

/** When what a payment bought is enjoyed: a visit's or party's day, an annual pass's twelve months. */
async function serviceOf(tx: Db, p: PaymentRow, day: string): Promise<{ from: string; to: string } | null> {
  if (p.bookingId) {
    const [b] = await tx.select({ d: bookings.visitDate }).from(bookings).where(eq(bookings.id, p.bookingId));
    return b ? { from: b.d, to: b.d } : null;
  }
  if (p.partyBookingId) {
    const [b] = await tx
      .select({ d: partyBookings.partyDate })
      .from(partyBookings)
      .where(eq(partyBookings.id, p.partyBookingId));
    return b ? { from: b.d, to: b.d } : null;
  }
  if (p.eventBookingId) {
    const [e] = await tx
      .select({ at: eventSlots.startsAt })
      .from(eventBookings)
      .innerJoin(eventSlots, eq(eventSlots.id, eventBookings.slotId))
      .where(eq(eventBookings.id, p.eventBookingId));
    if (e) {
      const d = todayInLondon(e.at);
      return { from: d, to: d };
    }
    return null;
  }
  if (p.membershipId) {
    const [m] = await tx
      .select({ period: memberships.period })
      .from(memberships)
      .where(eq(memberships.id, p.membershipId));
    if (m?.period === 'annual') return { from: day, to: addDays(addMonths(day, 12), -1) };
  }
  return null;
}

/**
 * Money a family paid (a payment that has just succeeded), at its tax point: VAT at the kind's rate in force
 * that day; a gift voucher's sale at 0 (taxed when spent). The till's card payments are the till's own lines.
 */
export async function recordPaymentVat(tx: Db, p: PaymentRow, now: Date): Promise<void> {
  const kind = kindOfPurpose[p.purpose];
  if (!kind || p.tillSaleId) return;
  const day = todayInLondon(now);
  const service = await serviceOf(tx, p, day);
  await writeVatLine(tx, {
    sourceKey: `payment:${p.id}`,
    occurredAt: now,
    kind,
    event: 'sale',
    settlement: 'card',
    rateBasisPoints: kind === 'gift_voucher' ? 0 : await rateAt(tx, kind, now),
    grossPence: p.amountPence,
    description: descriptions[p.purpose] ?? p.purpose,
    paymentId: p.id,
    providerPaymentId: p.providerPaymentId,
    serviceFrom: service?.from,
    serviceTo: service?.to,
  });
}

const descriptions: Record<string, string> = {
  booking: 'Visit',
  credit_purchase: 'Session credits',
  party_deposit: 'Party deposit',
  party_balance: 'Party balance',
  gift_voucher: 'Gift voucher sold',
  membership: 'Membership',
  membership_renewal: 'Membership renewal',
  event: 'Special event',
  cafe_order: 'Table order',
};

/** A refund carried out: it reverses the VAT of what it refunds (the sale's rate), on the refund's day. */
export async function recordPaymentRefundVat(tx: Db, p: PaymentRow, refundPence: number, now: Date): Promise<void> {
  if (p.tillSaleId || refundPence <= 0) return;
  const [sale] = await tx
    .select()
    .from(vatLines)
    .where(eq(vatLines.sourceKey, `payment:${p.id}`));
  if (!sale) return; // money this ledger never counted (the till's own)
  await writeVatLine(tx, {
    sourceKey: `refund:${p.id}`,
    occurredAt: now,
    kind: sale.kind,
    event: 'refund',
    settlement: 'card',
    rateBasisPoints: sale.rateBasisPoints,
    grossPence: -refundPence,
    description: `Refund: ${sale.description}`,
    paymentId: p.id,
    providerPaymentId: p.providerPaymentId,
    serviceFrom: sale.serviceFrom,
    serviceTo: sale.serviceTo,
  });
}

/**
 * A gift voucher spent on a booking or party (or given back to it when that is cancelled): VAT now, by what
 * it buys, settled from the voucher liability. A till's voucher spend is in the till's own lines.
 */
export async function recordVoucherSpendVat(
  tx: Db,
  e: { entryId: string; amountPence: number; bookingId?: string | null; partyBookingId?: string | null; now: Date },
): Promise<void> {
  if (!e.bookingId && !e.partyBookingId) return;
  const kind: IncomeKind = e.bookingId ? 'admission' : 'parties';
  const service = await serviceOf(
    tx,
    { bookingId: e.bookingId ?? null, partyBookingId: e.partyBookingId ?? null } as PaymentRow,
    '',
  );
  await writeVatLine(tx, {
    sourceKey: `voucher-entry:${e.entryId}`,
    occurredAt: e.now,
    kind,
    event: e.amountPence < 0 ? 'sale' : 'refund',
    settlement: 'voucher',
    rateBasisPoints: await rateAt(tx, kind, e.now),
    grossPence: -e.amountPence,
    description: e.amountPence < 0 ? 'Gift voucher spent' : 'Given back to a gift voucher',
    serviceFrom: service?.from,
    serviceTo: service?.to,
  });
}

const tillKind = (k: 'entry' | 'cafe' | 'shop'): IncomeKind => (k === 'entry' ? 'admission' : k);

/**
 * A till sale paid (cash at once, a card on the reader's word, or all by voucher): its lines as the till
 * priced them (rate, net, VAT per line). The part a voucher paid is split off each line in proportion,
 * VAT with it, so the two parts add up to the till's line exactly.
 */
export async function recordTillSaleVat(tx: Db, saleId: string, now: Date): Promise<void> {
  const [sale] = await tx.select().from(tillSales).where(eq(tillSales.id, saleId));
  if (!sale || sale.status !== 'paid') return;
  const lines = await tx
    .select()
    .from(tillSaleLines)
    .where(eq(tillSaleLines.saleId, saleId))
    .orderBy(tillSaleLines.sort);
  const settlement = sale.method === 'card' ? 'card' : 'cash';
  let voucherLeft = sale.voucherPence;
  for (const [i, l] of lines.entries()) {
    const last = i === lines.length - 1;
    const byVoucher =
      sale.method === 'voucher'
        ? l.totalPence
        : last
          ? voucherLeft
          : Math.min(voucherLeft, Math.round((l.totalPence * sale.voucherPence) / Math.max(sale.totalPence, 1)));
    voucherLeft -= byVoucher;
    const vatByVoucher = l.totalPence === 0 ? 0 : Math.round((l.vatPence * byVoucher) / l.totalPence);
    const base = {
      occurredAt: now,
      kind: tillKind(l.kind),
      event: 'sale' as const,
      rateBasisPoints: l.vatRateBasisPoints,
      description: `Till sale ${sale.number}: ${l.description}`,
      tillSaleId: sale.id,
      providerPaymentId: sale.paymentIntentId,
    };
    if (byVoucher > 0)
      await writeVatLine(tx, {
        ...base,
        sourceKey: `till-line:${l.id}:voucher`,
        settlement: 'voucher',
        grossPence: byVoucher,
        vatPence: vatByVoucher,
      });
    if (l.totalPence - byVoucher > 0 || (l.totalPence === 0 && byVoucher === 0))
      await writeVatLine(tx, {
        ...base,
        sourceKey: `till-line:${l.id}`,
        settlement,
        grossPence: l.totalPence - byVoucher,
        vatPence: l.vatPence - vatByVoucher,
      });
  }
}

/** A till refund: each line it gives back, at the line's own rate, from the drawer or to the card. */
export async function recordTillRefundVat(
  tx: Db,
  r: {
    refundId: string;
    saleId: string;
    method: 'cash' | 'card';
    lines: {
      lineId: string;
      kind: 'entry' | 'cafe' | 'shop';
      pence: number;
      vatPence: number;
      vatRateBasisPoints: number;
    }[];
    now: Date;
  },
): Promise<void> {
  for (const l of r.lines)
    await writeVatLine(tx, {
      sourceKey: `till-refund:${r.refundId}:${l.lineId}`,
      occurredAt: r.now,
      kind: tillKind(l.kind),
      event: 'refund',
      settlement: r.method,
      rateBasisPoints: l.vatRateBasisPoints,
      grossPence: -l.pence,
      vatPence: -l.vatPence,
      description: 'Till refund',
      tillSaleId: r.saleId,
    });
}
