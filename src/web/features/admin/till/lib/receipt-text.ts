import type { Sale } from '../../../../../shared/contracts/till';

/** A VAT rate in basis points as a receipt writes it: 2000 -> "20%", 500 -> "5%", 0 -> "0%". */
export const vatRateLabel = (basisPoints: number) => `${basisPoints / 100}%`;

/** How a sale was paid, as the receipt and the recent sales list say it. */
export function paidBy(sale: Pick<Sale, 'method' | 'voucherPence'>): string {
  const main = sale.method === 'cash' ? 'Cash' : sale.method === 'card' ? 'Card' : 'Gift voucher';
  return sale.voucherPence > 0 && sale.method !== 'voucher' ? `${main} and gift voucher` : main;
}

/** What the customer pays after a voucher (the sale's total includes what the voucher paid). */
export const paidNow = (sale: Pick<Sale, 'totalPence' | 'voucherPence'>) => sale.totalPence - sale.voucherPence;
