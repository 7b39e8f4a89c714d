import { z } from './zod';

/** GET /api/facebook/latest */
export const latestPostResponseSchema = z.object({
  success: z.boolean(),
  hasCredentials: z.boolean(),
  post: z
    .object({ text: z.string(), timeAgo: z.string(), likes: z.number(), comments: z.number(), shares: z.number() })
    .optional(),
  message: z.string().optional(),
});
export type LatestPostResponse = z.infer<typeof latestPostResponseSchema>;
