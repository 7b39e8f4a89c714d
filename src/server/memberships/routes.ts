import type { FastifyInstance } from 'fastify';
import type { MembershipPlansResponse } from '../../shared/contracts/memberships';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';

/**
 * Memberships (issue 40), public: the plans on sale, from the in-memory catalogue. Joining, renewals and
 * using a membership come next (see the note).
 */
export function membershipRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/memberships/plans', async (_request, reply): Promise<MembershipPlansResponse> => {
    reply.header('cache-control', 'no-cache');
    const all = await catalogueOf(ctx.db);
    const bands = all.dayTypes.value.bands;
    const plans = all.membershipPlans.value.plans
      .filter((p) => p.active)
      .map(({ active: _active, bandIds, ...p }) => ({
        ...p,
        days:
          bandIds.length === 0
            ? 'Any day'
            : `${bandIds.map((id) => bands.find((b) => b.id === id)?.name ?? id).join(' and ')} days`,
      }));
    return { plans };
  });
}
