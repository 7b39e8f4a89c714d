import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SaleInput, Sale, ZReport } from '../../../shared/contracts/till';
import type { Req } from '../../catalogue/testing/admin-fixtures';

/** Opens a till as the caller; answers its session id. */
export async function openTill(as: Req, till: string, floatPence = 10_000): Promise<string> {
  const res = await as('POST', '/api/till/sessions', { till, floatPence });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** A cash sale of `lines` on a session (a fresh requestId unless given). */
export function cashSale(tillSessionId: string, lines: SaleInput['lines'], more: Partial<SaleInput> = {}): SaleInput {
  return {
    tillSessionId,
    requestId: randomUUID(),
    lines,
    eatIn: false,
    payment: { method: 'cash', tenderedPence: 100_000 },
    ...more,
  };
}

export async function sell(as: Req, input: SaleInput): Promise<Sale> {
  const res = await as('POST', '/api/till/sales', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Sale;
}

export async function report(as: Req, sessionId: string): Promise<ZReport> {
  const res = await as('GET', `/api/till/sessions/${sessionId}/report`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ZReport;
}

/** The Z report's figures agree with each other: what every till's cash-up must show. */
export function expectReconciles(z: ZReport): void {
  expect(z.expectedCashPence).toBe(
    z.floatPence + z.cashSalesPence - z.refunds.cashPence + z.cashInPence - z.cashOutPence,
  );
  const gross = z.byKind.reduce((sum, k) => sum + k.grossPence, 0);
  expect(gross).toBe(z.cashSalesPence + z.cardSalesPence + z.voucherPence - z.refunds.cashPence - z.refunds.cardPence);
  expect(z.byVatRate.reduce((sum, r) => sum + r.grossPence, 0)).toBe(gross);
  for (const r of z.byVatRate) expect(r.netPence + r.vatPence).toBe(r.grossPence);
  if (z.countedCashPence !== null) expect(z.variancePence).toBe(z.countedCashPence - z.expectedCashPence);
}
