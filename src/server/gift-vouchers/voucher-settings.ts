import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';

/** The UK norm, and the least the product allows (DECISIONS.md "Gift vouchers and waiting lists"). */
export const MIN_VALID_MONTHS = 12;

export type GiftVoucherSettings = { validMonths: number };

/**
 * The venue's gift voucher settings: the catalogue document 'gift_vouchers' when an admin has stored one,
 * else 12 months. A stored value below 12 months is raised to 12: vouchers are never sold for less.
 */
export async function giftVoucherSettings(db: Db): Promise<GiftVoucherSettings> {
  const [row] = await db
    .select({ value: catalogueDocuments.value })
    .from(catalogueDocuments)
    .where(eq(catalogueDocuments.key, 'gift_vouchers'));
  const stored = (row?.value ?? {}) as Partial<GiftVoucherSettings>;
  const months = Number.isInteger(stored.validMonths) ? stored.validMonths! : MIN_VALID_MONTHS;
  return { validMonths: Math.max(MIN_VALID_MONTHS, Math.min(months, 60)) };
}
