/**
 * Card readers at the counter (issue 48), behind the payment provider: Stripe Terminal's server-driven
 * integration (stripe-terminal.ts), or TEST MODE's one built-in simulated reader (test-terminal.ts). The
 * server creates a card_present payment, hands it to a reader, and learns the result from the provider
 * (webhook or retrieve); the browser never says a card was paid.
 */

/** What the server knows of a reader payment now. `message` says why a card was not taken. */
export type ReaderPaymentStatus = 'in_progress' | 'paid' | 'declined' | 'cancelled';
export type ReaderPaymentState = {
  status: ReaderPaymentStatus;
  message: string | null;
  amountPence: number;
  metadata: Record<string, string>;
};

export type RegisteredReader = {
  providerReaderId: string;
  label: string;
  deviceType: string;
  serialNumber: string;
  locationId: string;
  /** online / offline as the provider last saw it; null when it does not say. */
  status: string | null;
};

/** A reader's latest action, as a terminal.reader.* event asks about it. */
export type ReaderAction = {
  paymentIntentId: string;
  status: 'in_progress' | 'succeeded' | 'failed';
  failureCode: string | null;
  failureMessage: string | null;
};

export type VenueLocation = {
  displayName: string;
  address: { line1: string; city: string; postalCode: string; country: 'GB' };
};

export interface PaymentTerminal {
  /** True for TEST MODE's built-in reader: nothing to register, cards typed into the till instead. */
  simulatedOnly: boolean;
  /** The venue's Terminal location: the one this app made before, or a new one. */
  ensureLocation(venue: VenueLocation): Promise<string>;
  registerReader(o: { registrationCode: string; label: string; locationId: string }): Promise<RegisteredReader>;
  /** Null when the provider has no such reader any more (deleted in the Dashboard). */
  retrieveReader(providerReaderId: string): Promise<RegisteredReader | null>;
  deleteReader(providerReaderId: string): Promise<void>;
  /** A card_present payment, captured automatically; the same key creates it once. */
  createReaderPayment(o: {
    amountPence: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ paymentIntentId: string }>;
  /** Shows the payment on the reader and waits there for a card. */
  processOnReader(o: { providerReaderId: string; paymentIntentId: string }): Promise<void>;
  /** Takes the payment off the reader's screen; nothing to cancel is not an error. */
  cancelReaderAction(providerReaderId: string): Promise<void>;
  /** Cancels the payment unless it was paid (or cancelled) meanwhile; then reports what it is. */
  cancelReaderPayment(paymentIntentId: string): Promise<ReaderPaymentState>;
  retrieveReaderPayment(paymentIntentId: string): Promise<ReaderPaymentState>;
  /** The reader's latest action (null when it has none). */
  readerAction(providerReaderId: string): Promise<ReaderAction | null>;
}
