/**
 * What a cancelled party gives back, and by which way (issue 29): money goes back the way it came, gift
 * voucher value to the voucher and card money to the card. When the deposit rule keeps the deposit, the
 * deposit is kept as it was paid: the part a gift voucher paid stays spent, the card's part stays
 * charged, and everything paid after it (the balance) goes back, each part its own way.
 *
 * The deposit's voucher part is what the card did not pay of it: card deposit payments first, then the
 * voucher (both came at the deposit step; a voucher that paid more than the deposit paid balance too).
 */
export function splitPartyRefund(o: {
  depositPence: number;
  /** Keep the deposit (the 14-day rule, or an admin's override). */
  keepDeposit: boolean;
  /** Card payments that succeeded and are not refunded: those for the deposit, and all of them. */
  cardDepositPence: number;
  cardPaidPence: number;
  /** What gift vouchers have paid towards the party and is still spent on it (the ledger's net). */
  voucherPaidPence: number;
}): { keptPence: number; cardRefundPence: number; voucherBackPence: number } {
  if (!o.keepDeposit) return { keptPence: 0, cardRefundPence: o.cardPaidPence, voucherBackPence: o.voucherPaidPence };
  const keptVoucher = Math.min(o.voucherPaidPence, Math.max(0, o.depositPence - o.cardDepositPence));
  const keptCard = Math.min(o.cardPaidPence, o.depositPence - keptVoucher);
  return {
    keptPence: keptVoucher + keptCard,
    cardRefundPence: o.cardPaidPence - keptCard,
    voucherBackPence: o.voucherPaidPence - keptVoucher,
  };
}
