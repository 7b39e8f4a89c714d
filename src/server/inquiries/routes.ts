import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../shared/contracts/contact';
import { partyInquirySchema } from '../../shared/contracts/party';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { createContactInquiry } from './create-contact-inquiry';
import { createPartyInquiry } from './create-party-inquiry';

export function inquiryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/contact', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.contact);
    const input = parseInput(contactSchema, request.body);
    const { id } = await createContactInquiry({
      db: ctx.db,
      input,
      staffEmail: ctx.config.STAFF_NOTIFY_EMAIL,
      now: ctx.now(),
    });
    ctx.wakeMailer();
    return reply.status(201).send({ success: true, id });
  });

  app.post('/api/party-inquiry', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.partyInquiry);
    const input = parseInput(partyInquirySchema, request.body);
    const { id } = await createPartyInquiry({
      db: ctx.db,
      input,
      staffEmail: ctx.config.STAFF_NOTIFY_EMAIL,
      now: ctx.now(),
    });
    ctx.wakeMailer();
    return reply.status(201).send({ success: true, id });
  });
}
