import { describe, expect, it } from 'vitest';
import type { SaleLine } from '../../../../../shared/contracts/till';
import { refundLinesOf, refundTotal } from './refund';

const line = (id: string, quantity: number, unitPence: number, refundedQuantity = 0): SaleLine => ({
  id,
  kind: 'cafe',
  description: id,
  quantity,
  unitPence,
  totalPence: quantity * unitPence,
  vatRateBasisPoints: 2000,
  netPence: 0,
  vatPence: 0,
  refundedQuantity,
});

describe('choosing what to refund', () => {
  const sale = { lines: [line('Flat white', 2, 350), line('Grip socks', 3, 150, 2)] };

  it('takes the lines with a quantity and adds up what they cost', () => {
    expect(refundLinesOf(sale, { 'Flat white': '1', 'Grip socks': '' })).toEqual({
      ok: true,
      lines: [{ lineId: 'Flat white', quantity: 1 }],
    });
    expect(refundTotal(sale, { 'Flat white': '2', 'Grip socks': '1' })).toBe(850);
  });

  it('refuses more than is left, a fraction, or nothing at all', () => {
    expect(refundLinesOf(sale, { 'Grip socks': '2' })).toEqual({
      ok: false,
      message: 'Grip socks: only 1 left to refund',
    });
    expect(refundLinesOf(sale, { 'Flat white': '1.5' }).ok).toBe(false);
    expect(refundLinesOf(sale, {})).toEqual({ ok: false, message: 'Choose how many of a line to refund' });
    expect(refundTotal(sale, { 'Grip socks': '5' })).toBe(0);
  });
});
