/** A balance transaction as the accounts see it: signed pence, and the PaymentIntent it concerns if any. */
export type ProviderBalanceTransaction = {
  id: string;
  type: string;
  amountPence: number;
  feePence: number;
  netPence: number;
  paymentIntentId: string | null;
};

export type ProviderPayout = {
  id: string;
  /** When the money reaches the bank (Stripe's arrival_date). */
  arrivalDate: Date;
  amountPence: number;
  status: string;
  transactions: ProviderBalanceTransaction[];
};

/** Stripe's payouts (issue 50): what reached the bank and the balance transactions each is made of. */
export interface PayoutSource {
  listPayouts(o: { arrivalFrom: Date; arrivalTo: Date }): Promise<ProviderPayout[]>;
}
