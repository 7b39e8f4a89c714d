import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  partyIdAdminParamsSchema,
  partyNotesSchema,
  partyWeekQuerySchema,
  staffPartyCancelSchema,
  staffPartyCreateSchema,
  staffPartyMoveSchema,
  type PartyNotesResponse,
  type PartyWeekResponse,
  type StaffPartyCancelResponse,
  type StaffPartyCreateResponse,
  type StaffPartyMoveResponse,
  type StaffPartySheetResponse,
} from '../../../shared/contracts/admin-parties';
import { publicUrlOf } from '../../config';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import type { RouteScopes } from '../../http/route-scopes';
import { paymentDeps } from '../../payments/payment-deps';
import { requireStaff } from '../../staff/require-staff';
import { actorOf } from '../../staff/staff-sessions';
import { savePartyNotes } from './party-notes';
import { partySheet } from './party-sheet';
import { partyWeek } from './party-week';
import { staffCancelParty } from './staff-cancel-party';
import { staffCreateParty } from './staff-create-party';
import { staffMoveParty } from './staff-move-party';

/**
 * The staff Parties tab (issue 28): any signed-in member of staff (a kiosk device is refused); only an
 * admin may overrule the deposit rule. Every change is audited in the transaction that makes it.
 */
export function staffPartyRoutes({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  // Parents' phones and children's allergies: never kept by a browser or proxy cache.
  const noStore = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };

  app.get('/api/admin/parties', noStore, async (request): Promise<PartyWeekResponse> => {
    await requireStaff(ctx, request);
    const { week } = parseInput(partyWeekQuerySchema, request.query);
    return partyWeek(ctx.db, week, ctx.now());
  });

  app.post('/api/admin/parties', async (request, reply) => {
    const staff = await requireStaff(ctx, request);
    const input = parseInput(staffPartyCreateSchema, request.body);
    const result = await staffCreateParty({
      db: ctx.db,
      input,
      actor: actorOf(staff),
      publicUrl: publicUrlOf(ctx),
      now: ctx.now(),
    });
    ctx.wakeMailer();
    return reply.status(201).send(result satisfies StaffPartyCreateResponse);
  });

  app.get('/api/admin/parties/:id', noStore, async (request): Promise<StaffPartySheetResponse> => {
    await requireStaff(ctx, request);
    const { id } = parseInput(partyIdAdminParamsSchema, request.params);
    return { party: await partySheet(ctx.db, id, ctx.now()) };
  });

  app.patch('/api/admin/parties/:id/notes', async (request): Promise<PartyNotesResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(partyIdAdminParamsSchema, request.params);
    const input = parseInput(partyNotesSchema, request.body);
    return savePartyNotes(ctx.db, { id, ...input, actor: actorOf(staff), now: ctx.now() });
  });

  app.post('/api/admin/parties/:id/cancel', async (request): Promise<StaffPartyCancelResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(partyIdAdminParamsSchema, request.params);
    const input = parseInput(staffPartyCancelSchema, request.body);
    const result = await staffCancelParty({
      ...paymentDeps(ctx, request.log),
      id,
      actor: actorOf(staff),
      role: staff.role,
      ...input,
      now: ctx.now(),
    });
    ctx.wakeMailer();
    return result;
  });

  app.post('/api/admin/parties/:id/move', async (request): Promise<StaffPartyMoveResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(partyIdAdminParamsSchema, request.params);
    const input = parseInput(staffPartyMoveSchema, request.body);
    const result = await staffMoveParty({ db: ctx.db, id, ...input, actor: actorOf(staff), now: ctx.now() });
    ctx.wakeMailer();
    return result;
  });
}
