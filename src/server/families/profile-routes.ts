import {
  acceptAgreementSchema,
  familyProfileEditSchema,
  type FamilyAgreementsResponse,
  type FamilyProfileResponse,
} from '../../shared/contracts/family-profile';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { acceptAgreement, familyAgreements } from './agreements';
import { requireFamily } from './family-cookie';
import { loadProfile, saveProfile } from './family-profile';

/**
 * The family's own profile and agreements (issue 39): only with the family session of that address (401
 * without one). Nothing here takes an address, a booking id or a child id from outside as proof of anything:
 * the session's address picks the profile, and ids are looked up within it (another family's: 404).
 */
export function familyProfileRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  app.get('/api/family/profile', async (request, reply): Promise<FamilyProfileResponse> => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return loadProfile(ctx.db, email);
  });

  app.put('/api/family/profile', async (request, reply): Promise<FamilyProfileResponse> => {
    const { email } = await requireFamily(ctx, request);
    const input = parseInput(familyProfileEditSchema, request.body);
    await saveProfile({ db: ctx.db, email, input, now: ctx.now() });
    void reply.header('cache-control', 'no-store');
    return loadProfile(ctx.db, email);
  });

  app.get('/api/family/agreements', async (request, reply): Promise<FamilyAgreementsResponse> => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return familyAgreements(ctx.db, email, ctx.now());
  });

  app.post('/api/family/agreements', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    const input = parseInput(acceptAgreementSchema, request.body);
    await acceptAgreement({ db: ctx.db, email, input, via: 'online', now: ctx.now() });
    void reply.header('cache-control', 'no-store');
    return reply.status(201).send(await familyAgreements(ctx.db, email, ctx.now()));
  });
}
