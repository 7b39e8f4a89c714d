import type { RefundInput, Sale } from '../../../../../shared/contracts/till';

type Typed = Record<string, string>;

/**
 * The refund's lines from the quantities typed per sale line (blank is none): each a whole number no more
 * than what is left of its line, and at least one line (tested in refund.test.ts).
 */
export function refundLinesOf(
  sale: Pick<Sale, 'lines'>,
  typed: Typed,
): { ok: true; lines: RefundInput['lines'] } | { ok: false; message: string } {
  const lines: RefundInput['lines'] = [];
  for (const l of sale.lines) {
    const t = (typed[l.id] ?? '').trim();
    if (t === '' || t === '0') continue;
    if (!/^\d{1,2}$/.test(t)) return { ok: false, message: `${l.description}: enter how many, as a whole number` };
    const n = Number(t);
    const left = l.quantity - l.refundedQuantity;
    if (n > left) return { ok: false, message: `${l.description}: only ${left} left to refund` };
    lines.push({ lineId: l.id, quantity: n });
  }
  if (lines.length === 0) return { ok: false, message: 'Choose how many of a line to refund' };
  return { ok: true, lines };
}

/** What the refund gives back (each line's price per one, times how many); 0 while nothing valid is chosen. */
export function refundTotal(sale: Pick<Sale, 'lines'>, typed: Typed): number {
  const chosen = refundLinesOf(sale, typed);
  if (!chosen.ok) return 0;
  return chosen.lines.reduce(
    (sum, r) => sum + (sale.lines.find((l) => l.id === r.lineId)?.unitPence ?? 0) * r.quantity,
    0,
  );
}
