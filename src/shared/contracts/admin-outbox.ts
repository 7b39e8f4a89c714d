import { z } from './zod';

/**
 * GET /api/admin/outbox (DECISIONS.md "E-mail"): with no SMTP_URL, mail stays in the outbox and staff
 * read it here; with SMTP it shows what was sent, what is waiting and why a send failed.
 */
export const outboxMailDtoSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'kept']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
});
export type OutboxMailDto = z.infer<typeof outboxMailDtoSchema>;

export const outboxResponseSchema = z.object({ mails: z.array(outboxMailDtoSchema), smtpConfigured: z.boolean() });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
