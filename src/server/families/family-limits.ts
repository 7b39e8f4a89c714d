import type { RateLimitRule } from '../abuse/rate-limit';

/**
 * The family sign-in's own limits (abuse/rate-limit.ts counts them). Per address, a few codes an hour:
 * that caps both the mail anyone can send to a family and the guesses anyone gets (5 tries per code).
 */
export const familyLimits = {
  codePerClient: { name: 'family-code', max: 10, windowSeconds: 600 },
  codePerAddress: { name: 'family-code-address', max: 5, windowSeconds: 3600 },
  confirmPerClient: { name: 'family-confirm', max: 30, windowSeconds: 600 },
  resendPerAddress: { name: 'family-resend', max: 5, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;
