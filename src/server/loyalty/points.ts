import { levelFor } from '../../shared/contracts/loyalty';
import { isWeekend } from '../../shared/dates';
import { loyaltyProgramme } from '../../shared/venue';

/**
 * The points arithmetic of DECISIONS.md "Loyalty", pure so it can be tested on its own: 1 point per
 * whole pound paid, plus the tier's bonus on those points (Silver 5% on weekend visits only, Gold 10%,
 * Platinum 15%), each rounded down. The tier is the one the member held before this award.
 */
const bonusPercent: Record<string, { percent: number; weekendOnly: boolean }> = {
  bronze: { percent: 0, weekendOnly: false },
  silver: { percent: 5, weekendOnly: true },
  gold: { percent: 10, weekendOnly: false },
  platinum: { percent: 15, weekendOnly: false },
};

export type BookingPoints = { base: number; bonus: number; total: number; tierName: string };

export function pointsForBooking(o: {
  paidPence: number;
  visitDate: string;
  totalPointsBefore: number;
}): BookingPoints {
  const base = Math.floor(Math.max(0, o.paidPence) / 100) * loyaltyProgramme.pointsPerPound;
  const tier = levelFor(o.totalPointsBefore);
  const rule = bonusPercent[tier.id] ?? { percent: 0, weekendOnly: false };
  const applies = rule.percent > 0 && (!rule.weekendOnly || isWeekend(o.visitDate));
  // Integer maths: floor(base * percent / 100) without floating-point surprises.
  const bonus = applies ? Math.floor((base * rule.percent) / 100) : 0;
  return { base, bonus, total: base + bonus, tierName: tier.name };
}
