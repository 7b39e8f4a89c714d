import { loyaltyProgramme } from '../venue';

/**
 * The zod-free half of the loyalty contract: membership levels and e-mail normalising, which the
 * /loyalty page needs on first paint without loading zod (docs/decisions/008).
 */

/** Members are found by e-mail, compared trimmed and case-insensitively (as session credits are). */
export const normaliseLoyaltyEmail = (email: string): string => email.trim().toLowerCase();

export const membershipLevels = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type MembershipLevel = (typeof membershipLevels)[number];
export type NextLevel = { name: string; threshold: number; pointsToGo: number };

const tiers = loyaltyProgramme.tiers;

/** The level a member's total points earned put them at (SPEC.md section 4: bronze 0-500, ... platinum 5000+). */
export function levelFor(totalPoints: number): (typeof tiers)[number] {
  let level: (typeof tiers)[number] = tiers[0];
  for (const t of tiers) if (totalPoints >= t.threshold) level = t;
  return level;
}

export function nextLevelFor(totalPoints: number): NextLevel | null {
  const next = tiers.find((t) => t.threshold > totalPoints);
  return next ? { name: next.name, threshold: next.threshold, pointsToGo: next.threshold - totalPoints } : null;
}

/** Progress through the current level's band, 0-100; full at the top level. */
export function levelProgressPercent(totalPoints: number): number {
  const from = levelFor(totalPoints).threshold;
  const next = nextLevelFor(totalPoints);
  if (!next) return 100;
  return Math.max(0, Math.min(100, Math.floor(((totalPoints - from) / (next.threshold - from)) * 100)));
}
