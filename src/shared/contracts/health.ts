import { z } from './zod';

/**
 * GET /api/health/ready (observability/readiness.ts): 200 when this process should get traffic, 503 when
 * not, with the causes named in `failing` ('database', 'mail', 'jobs', 'shutting_down').
 */
export const readinessResponseSchema = z.object({
  ok: z.boolean(),
  failing: z.array(z.string()),
  checks: z.object({
    database: z.object({ ok: z.boolean() }),
    mail: z.object({ ok: z.boolean(), waiting: z.number().int(), oldestMinutes: z.number().int() }),
    jobs: z.object({
      ok: z.boolean(),
      late: z.array(z.object({ job: z.string(), lateMinutes: z.number().int() })),
    }),
  }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
