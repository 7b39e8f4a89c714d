import type { AdminCatalogue, PublicCatalogue, VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import type { payments } from '../db/schema';
import type { ApplyPaymentResult, IncomingPaymentStatus } from './payment-transitions';
import type { BillingEvent, SubscriptionBilling } from './subscription-billing';

export type PaymentRow = typeof payments.$inferSelect;

/** How a seller's payments count in the Overview's takings (gift vouchers count when spent, not when sold). */
export type TakingsKind = 'tickets' | 'credit_bundles' | 'parties' | 'memberships' | 'events' | 'cafe' | 'not_takings';

/** What a seller is told when the provider reports on one of its payments, inside applyPaymentStatus's transaction. */
export type PaymentReport = {
  paymentId: string;
  /** The seller's own row the payment buys (its id in the payment's column for this seller). */
  subjectId: string;
  status: IncomingPaymentStatus;
  now: Date;
  publicUrl: string;
  secret: string;
  /** Read before the transaction, so a mail signs off with the venue as it is now. */
  catalogue: PublicCatalogue;
  /** The whole catalogue (rooms, packages, sessions), read before the transaction. */
  adminCatalogue: AdminCatalogue;
};

/**
 * What a seller's handler answers: the result, and a refund it decided, carried out after commit; and a
 * subscription of the provider's that must not renew (what it paid for cannot start: its money goes back),
 * cancelled after commit too (the seller's subscription events cancel it again if this call fails).
 */
export type SellerApplied = {
  result: ApplyPaymentResult;
  refundPaymentId: string | null;
  cancelSubscriptionId?: string | null;
};

/**
 * One thing a family can pay for (a ticket booking, a credit bundle, a party payment, a gift voucher, a
 * membership), as payments knows it: payments never imports a seller's folder; each registers one of
 * these when the app is composed (sellers.ts in app composition), as pretix's orders call payment
 * providers through one interface. A new product is a new folder and one registration.
 */
export type Seller = {
  /** A stable name, for logs and the registry's duplicate check. */
  name: string;
  takingsKind: TakingsKind;
  /** The id of this seller's row that the payment buys, or null when the payment is not this seller's. */
  subjectOf: (payment: PaymentRow) => string | null;
  /**
   * Applies the provider's report: locks the subject, then the payment (lockAndAdvancePayment), moves the
   * payment only forward and acts once. Idempotent: a repeated or stale report changes nothing.
   */
  applyStatus: (tx: Db, report: PaymentReport) => Promise<SellerApplied>;
  /** In the transaction that records a refund carried out at the provider: the mail that tells the family, if any. */
  refundCarriedOut?: (tx: Db, payment: PaymentRow, venue: VenueView) => Promise<void>;
  /**
   * The provider's subscription and invoice events this seller answers (memberships: invoice.paid, ...),
   * already verified and not yet seen; the handler fetches the object again and applies it once.
   */
  billingEvents?: { types: readonly string[]; handle: BillingEventHandler };
};

export type BillingEventDeps = {
  db: Db;
  billing: SubscriptionBilling;
  now: Date;
  publicUrl: string;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};
/** 'not_ours': a subscription or invoice this app never made (another integration on the same account). */
export type BillingEventHandler = (
  deps: BillingEventDeps,
  event: BillingEvent,
) => Promise<'updated' | 'unchanged' | 'not_ours'>;

/**
 * A provider event about a PaymentIntent a seller made and follows itself, without a payments row (the till's
 * card readers: metadata.seller names it), or about a card reader's action. Told ids only: the handler asks
 * the provider what is true now. 'not_ours': no payment of this seller's (another integration's).
 */
export type FollowedIntentEvent = { id: string; type: string; paymentIntentId: string | null; readerId: string | null };
export type FollowedIntentHandler = (event: FollowedIntentEvent) => Promise<'updated' | 'unchanged' | 'not_ours'>;

/** The sellers the app was composed with; payments asks it whose a payment is. */
export class SellerRegistry {
  private readonly sellers: Seller[] = [];
  private readonly followers = new Map<string, FollowedIntentHandler>();
  private readerFollower: FollowedIntentHandler | null = null;

  /**
   * `seller` follows its own PaymentIntents (metadata.seller = seller) and, with `readers`, the card readers'
   * terminal.reader.* events. Registered with the app context (the till's reader routes), since the handler
   * needs it.
   */
  followIntents(seller: string, handle: FollowedIntentHandler, opts: { readers?: boolean } = {}): this {
    if (this.followers.has(seller)) throw new Error(`${seller} follows its PaymentIntents twice`);
    this.followers.set(seller, handle);
    if (opts.readers) this.readerFollower = handle;
    return this;
  }

  intentFollowerOf(seller: string | undefined): FollowedIntentHandler | null {
    return (seller && this.followers.get(seller)) || null;
  }

  readerEventFollower(): FollowedIntentHandler | null {
    return this.readerFollower;
  }

  register(seller: Seller): this {
    if (this.sellers.some((s) => s.name === seller.name)) throw new Error(`seller ${seller.name} registered twice`);
    this.sellers.push(seller);
    return this;
  }

  /** The seller a payment belongs to, with its subject id; null for a payment that buys nothing known. */
  sellerOf(payment: PaymentRow): { seller: Seller; subjectId: string } | null {
    for (const seller of this.sellers) {
      const subjectId = seller.subjectOf(payment);
      if (subjectId) return { seller, subjectId };
    }
    return null;
  }

  /** The handler a seller registered for this provider event type, if any. */
  billingHandlerFor(type: string): BillingEventHandler | null {
    return this.sellers.find((s) => s.billingEvents?.types.includes(type))?.billingEvents?.handle ?? null;
  }

  all(): readonly Seller[] {
    return this.sellers;
  }
}
