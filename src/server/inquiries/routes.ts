import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../shared/contracts/contact';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { createContactInquiry } from './create-contact-inquiry';

export function inquiryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/contact', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.contact);
    const input = parseInput(contactSchema, request.body);
    const { id } = await createContactInquiry({ db: ctx.db, input, staffEmail: ctx.config.STAFF_NOTIFY_EMAIL });
    ctx.wakeMailer();
    return reply.status(201).send({ success: true, id });
  });
}
