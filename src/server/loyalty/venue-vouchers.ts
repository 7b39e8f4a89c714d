import { and, eq, inArray } from 'drizzle-orm';
import { rewardDetails, type RewardId } from '../../shared/contracts/loyalty';
import type { VenueVoucherDto } from '../../shared/contracts/venue-vouchers';
import { longDate } from '../../shared/date-text';
import { todayInLondon } from '../../shared/dates';
import { loyaltyProgramme } from '../../shared/venue';
import type { Db } from '../db/client';
import { loyaltyVouchers } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { normaliseVoucherCode } from './booking-vouchers';

type Row = typeof loyaltyVouchers.$inferSelect;

const venueRewards = Object.entries(rewardDetails)
  .filter(([, d]) => d.usedAt === 'venue')
  .map(([id]) => id);

function toDto(v: Row): VenueVoucherDto {
  const rewardId = v.rewardId as RewardId;
  const reward = loyaltyProgramme.rewards.find((r) => r.id === rewardId);
  return {
    code: v.code,
    rewardId,
    title: reward?.title ?? v.rewardId,
    value: rewardDetails[rewardId]?.value ?? '',
    usedWhere: rewardDetails[rewardId]?.usedAt ?? 'booking',
    status: v.status,
    issuedAt: v.createdAt.toISOString(),
    usedAt: v.usedAt?.toISOString() ?? null,
    usedBy: v.usedBy,
  };
}

const notFound = () =>
  new AppError('voucher_not_found', 'There is no voucher with that code. Please check it and try again.', {
    fields: { code: ['There is no voucher with that code'] },
  });

/** What a code is, whoever holds it: staff read it before handing over the drink. */
export async function lookUpVenueVoucher(db: Db, typed: string): Promise<VenueVoucherDto> {
  const [v] = await db
    .select()
    .from(loyaltyVouchers)
    .where(eq(loyaltyVouchers.code, normaliseVoucherCode(typed)));
  if (!v) throw notFound();
  return toDto(v);
}

/**
 * Marks a venue voucher used, once: one conditional update, so of two tills pressing at once one wins and
 * the other gets 409 voucher_used. A booking voucher (10% off, free session) is refused: it is used online.
 */
export async function useVenueVoucher(
  tx: Db,
  o: { typed: string; actor: string; now: Date },
): Promise<VenueVoucherDto> {
  const code = normaliseVoucherCode(o.typed);
  const [used] = await tx
    .update(loyaltyVouchers)
    .set({ status: 'used', usedAt: o.now, usedBy: o.actor })
    .where(
      and(
        eq(loyaltyVouchers.code, code),
        eq(loyaltyVouchers.status, 'issued'),
        inArray(loyaltyVouchers.rewardId, venueRewards),
      ),
    )
    .returning();
  if (used) {
    await writeAudit(tx, {
      actor: o.actor,
      action: 'voucher_used',
      subjectType: 'loyalty_voucher',
      subjectId: used.id,
      details: { code, rewardId: used.rewardId },
    });
    return toDto(used);
  }
  // Nothing was used: say why.
  const [v] = await tx.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.code, code));
  if (!v) throw notFound();
  if (!venueRewards.includes(v.rewardId))
    throw new AppError('voucher_not_for_venue', 'This voucher is used when booking online, not at the venue.');
  if (v.status !== 'used') throw new AppError('voucher_used', 'This voucher can no longer be used.');
  const when = v.usedAt ? ` on ${longDate(todayInLondon(v.usedAt))}` : '';
  throw new AppError('voucher_used', `This voucher has already been used${when}.`);
}
