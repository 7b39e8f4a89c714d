import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  inquiryIdParamsSchema,
  type BirthdayInquiriesResponse,
  type InquiriesResponse,
  type DraftResponseResult,
  type MarkPartyBookedResponse,
  type MarkRespondedResponse,
} from '../../shared/contracts/admin-inquiries';
import { contactSchema, type ContactResponse } from '../../shared/contracts/contact';
import { partyInquirySchema, type PartyInquiryResponse } from '../../shared/contracts/party';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { createContactInquiry } from './create-contact-inquiry';
import { createPartyInquiry } from './create-party-inquiry';
import { draftInquiryResponse } from './inquiries-draft-response';
import { listContactInquiries, listPartyInquiries } from './inquiries-list';
import { markInquiryResponded } from './inquiries-mark-responded';
import { markPartyBooked } from './party-mark-booked';

/**
 * Contact and party enquiries: families send them (public, rate-limited); staff list them, draft a
 * reply, mark them responded or the party booked (the dashboard's Inquiries and Birthday Parties tabs).
 */
export function inquiryRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicInquiryRoutes(publicApp, ctx);
  staffInquiryRoutes(staffApp, ctx);
}

function publicInquiryRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    return reply.status(201).send({ success: true, id } satisfies ContactResponse);
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
    return reply.status(201).send({ success: true, id } satisfies PartyInquiryResponse);
  });
}

/**
 * Every staff route needs a signed-in member of staff (a kiosk device is refused); every change is
 * audit-logged by its domain verb, in the transaction that makes it.
 */
function staffInquiryRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Staff lists hold personal data: never kept by the browser's cache or a proxy.
  const noStore = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };

  app.get('/api/admin/inquiries', noStore, async (request): Promise<InquiriesResponse> => {
    await requireStaff(ctx, request);
    return { inquiries: await listContactInquiries({ db: ctx.db, now: ctx.now() }) };
  });

  app.get('/api/admin/birthday-inquiries', noStore, async (request): Promise<BirthdayInquiriesResponse> => {
    await requireStaff(ctx, request);
    return { inquiries: await listPartyInquiries({ db: ctx.db, now: ctx.now() }) };
  });

  app.post('/api/admin/inquiries/:id/mark-responded', async (request): Promise<MarkRespondedResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(inquiryIdParamsSchema, request.params);
    return markInquiryResponded({ db: ctx.db, id, actor: actorOf(staff), now: ctx.now() });
  });

  app.post('/api/admin/inquiries/:id/mark-party-booked', async (request): Promise<MarkPartyBookedResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(inquiryIdParamsSchema, request.params);
    return markPartyBooked({ db: ctx.db, id, actor: actorOf(staff), now: ctx.now() });
  });

  app.post('/api/admin/inquiries/:id/draft-response', async (request): Promise<DraftResponseResult> => {
    await requireStaff(ctx, request);
    const { id } = parseInput(inquiryIdParamsSchema, request.params);
    return draftInquiryResponse({ db: ctx.db, id, now: ctx.now(), publicUrl: publicUrlOf(ctx) });
  });
}
