import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createRestrictionSchema, type RestrictionsResponse } from '../../shared/contracts/admin-calendar';
import {
  inquiryIdParamsSchema,
  uuidSchema,
  type BirthdayInquiriesResponse,
  type InquiriesResponse,
} from '../../shared/contracts/admin-inquiries';
import type { OutboxResponse } from '../../shared/contracts/admin-outbox';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { publicUrlOf } from '../payments/payment-deps';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { draftInquiryResponse } from '../inquiries/inquiries-draft-response';
import { listContactInquiries, listPartyInquiries } from '../inquiries/inquiries-list';
import { markInquiryResponded } from '../inquiries/inquiries-mark-responded';
import { listOutbox } from '../mail/outbox-list';
import { markPartyBooked } from '../inquiries/party-mark-booked';
import { createRestriction } from '../calendar/restrictions-create';
import { deleteRestriction } from '../calendar/restrictions-delete';
import { listUpcomingRestrictions } from '../calendar/restrictions-list';

const restrictionIdParams = z.object({ id: uuidSchema });

/**
 * The staff dashboard's Inquiries, Birthday Parties, Booking Calendar and Mail tabs. Every route
 * needs a signed-in member of staff (a kiosk device is refused); every change is audit-logged by
 * its domain verb, in the transaction that makes it.
 */
export function adminInquiryAndCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
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

  app.post('/api/admin/inquiries/:id/mark-responded', async (request) => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(inquiryIdParamsSchema, request.params);
    return markInquiryResponded({ db: ctx.db, id, actor: actorOf(staff), now: ctx.now() });
  });

  app.post('/api/admin/inquiries/:id/mark-party-booked', async (request) => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(inquiryIdParamsSchema, request.params);
    return markPartyBooked({ db: ctx.db, id, actor: actorOf(staff), now: ctx.now() });
  });

  app.post('/api/admin/inquiries/:id/draft-response', async (request) => {
    await requireStaff(ctx, request);
    const { id } = parseInput(inquiryIdParamsSchema, request.params);
    return draftInquiryResponse({ db: ctx.db, id, now: ctx.now(), publicUrl: publicUrlOf(ctx) });
  });

  app.get('/api/admin/session-restrictions', noStore, async (request): Promise<RestrictionsResponse> => {
    await requireStaff(ctx, request);
    return { restrictions: await listUpcomingRestrictions({ db: ctx.db, now: ctx.now() }) };
  });

  app.post('/api/admin/session-restrictions', async (request, reply) => {
    const staff = await requireStaff(ctx, request);
    const input = parseInput(createRestrictionSchema, request.body);
    return reply
      .status(201)
      .send(await createRestriction({ db: ctx.db, input, actor: actorOf(staff), now: ctx.now() }));
  });

  app.delete('/api/admin/session-restrictions/:id', async (request) => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(restrictionIdParams, request.params);
    return deleteRestriction({ db: ctx.db, id, actor: actorOf(staff) });
  });

  app.get('/api/admin/outbox', noStore, async (request): Promise<OutboxResponse> => {
    await requireStaff(ctx, request);
    return { mails: await listOutbox({ db: ctx.db }), smtpConfigured: Boolean(ctx.config.SMTP_URL) };
  });
}
