import {
  partyIdParamsSchema,
  partyInvitationTokenParamsSchema,
  partyInvitationsSchema,
  partyRsvpSchema,
  type FamilyPartiesResponse,
  type PartyInvitationView,
  type PartyInvitationsResponse,
} from '../../../shared/contracts/party-booking';
import { enforceRateLimit, type RateLimitRule } from '../../abuse/rate-limit';
import { publicUrlOf } from '../../config';
import type { AppContext } from '../../context';
import { familySessionOf, requireFamily } from '../../families/family-cookie';
import { parseInput } from '../../http/errors';
import type { RouteScopes } from '../../http/route-scopes';
import { getAppSecret } from '../../security/app-secret';
import { partyForViewer, partyTokenOf } from '../party-access';
import { listFamilyParties } from './family-parties';
import { invitationView, recordRsvp, sendInvitations } from './invitations';

/**
 * Per client address, as for every public write (abuse/rate-limit.ts). Invitations send mail to
 * addresses the caller chooses: besides the cap of one per child, a few requests a party an hour.
 */
export const guestLimits = {
  invitePerClient: { name: 'party-invite', max: 10, windowSeconds: 600 },
  invitePerParty: { name: 'party-invite-party', max: 10, windowSeconds: 3600 },
  rsvpPerClient: { name: 'party-rsvp', max: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

/** Guest invitations and replies, and the family's parties on My Bookings (issue 28). */
export function partyGuestRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  app.post('/api/parties/:id/invitations', async (request): Promise<PartyInvitationsResponse> => {
    await enforceRateLimit(ctx, request, guestLimits.invitePerClient);
    const { id } = parseInput(partyIdParamsSchema, request.params);
    const party = await partyForViewer(ctx.db, await getAppSecret(ctx.db), id, {
      token: partyTokenOf(request.headers),
      familyEmail: (await familySessionOf(ctx, request))?.email,
    });
    const { emails } = parseInput(partyInvitationsSchema, request.body);
    await enforceRateLimit(ctx, request, guestLimits.invitePerParty, party.id);
    const result = await sendInvitations({
      db: ctx.db,
      partyId: party.id,
      emails,
      publicUrl: publicUrlOf(ctx),
      now: ctx.now(),
    });
    ctx.wakeMailer();
    return result;
  });

  app.get('/api/party-invitations/:token', async (request, reply): Promise<PartyInvitationView> => {
    const { token } = parseInput(partyInvitationTokenParamsSchema, request.params);
    void reply.header('cache-control', 'no-store');
    return invitationView(ctx.db, token, ctx.now());
  });

  app.post('/api/party-invitations/:token/rsvp', async (request, reply): Promise<PartyInvitationView> => {
    await enforceRateLimit(ctx, request, guestLimits.rsvpPerClient);
    const { token } = parseInput(partyInvitationTokenParamsSchema, request.params);
    const input = parseInput(partyRsvpSchema, request.body);
    void reply.header('cache-control', 'no-store');
    return recordRsvp(ctx.db, token, input, ctx.now());
  });

  app.get('/api/family/parties', async (request, reply): Promise<FamilyPartiesResponse> => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return listFamilyParties(ctx.db, { email, secret: await getAppSecret(ctx.db), now: ctx.now() });
  });
}
