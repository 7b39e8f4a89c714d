import type { RateLimitRule } from '../abuse/rate-limit';

/** Per client address (abuse/rate-limit.ts). Polls are generous: a phone carrier puts many families on one address. */
export const eventLimits = {
  challenge: { name: 'event-challenge', max: 30, windowSeconds: 600 },
  join: { name: 'event-queue-join', max: 10, windowSeconds: 600 },
  poll: { name: 'event-queue-poll', max: 3000, windowSeconds: 600 },
  hold: { name: 'event-hold', max: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;
