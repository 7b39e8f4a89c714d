import { describe, expect, it } from 'vitest';
import { paidBy, paidNow, vatRateLabel } from './receipt-text';

describe('receipt wording', () => {
  it('writes VAT rates from basis points', () => {
    expect([2000, 500, 0, 1750].map(vatRateLabel)).toEqual(['20%', '5%', '0%', '17.5%']);
  });
  it('says how a sale was paid and what was paid after a voucher', () => {
    expect(paidBy({ method: 'cash', voucherPence: 0 })).toBe('Cash');
    expect(paidBy({ method: 'card', voucherPence: 500 })).toBe('Card and gift voucher');
    expect(paidBy({ method: 'voucher', voucherPence: 1200 })).toBe('Gift voucher');
    expect(paidNow({ totalPence: 1200, voucherPence: 500 })).toBe(700);
  });
});
