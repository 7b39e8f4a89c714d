import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  catalogueVersionQuerySchema,
  catalogueIdParamsSchema,
  catalogueUuidParamsSchema,
  menuItemEditSchema,
  menuItemSchema,
  noticePostEditSchema,
  noticePostSchema,
  partiesEditSchema,
  partyBookingEditSchema,
  sessionEditSchema,
  ticketTypeEditSchema,
  ticketTypePriceSchema,
  venueEditSchema,
  versionOnlySchema,
  visitRulesEditSchema,
  type AdminCatalogueEditorResponse,
  type CatalogueCreatedResponse,
} from '../../shared/contracts/catalogue';
import { publishAgreementSchema, type AgreementVersionsResponse } from '../../shared/contracts/family-profile';
import { membershipPlansEditSchema } from '../../shared/contracts/memberships';
import { waitingListEditSchema } from '../../shared/contracts/waiting-list';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { dayTypesRoutes } from './admin-day-types-routes';
import { editMembershipPlans } from './admin-membership-plans';
import { agreementVersionsList, publishAgreement } from './agreement';
import { createMenuItem, deleteMenuItem, editMenuItem } from './admin-menu-items';
import { menuPhotoRoute } from './admin-menu-photo-route';
import { editParties } from './admin-parties';
import { editPartyBooking } from './admin-party-booking';
import { createPost, deletePost, editPost } from './admin-posts';
import { editSession } from './admin-sessions';
import { setTicketTypePrice } from './admin-ticket-prices';
import { editTicketType } from './admin-ticket-types';
import { editVenue } from './admin-venue';
import { editVisitRules } from './admin-visit-rules';
import { editWaitingList } from './admin-waiting-list';
import { loadCatalogue } from './load-catalogue';

/**
 * The Venue area's API (DECISIONS.md "The venue owns its catalogue"): admins only (other staff 403, no
 * session 401), never cached. An edit answers the whole catalogue as GET does, read after its commit, so
 * the editor starts again from the new versions; a create answers 201 with the new id and that catalogue.
 * Its own scope: the photo upload's multipart parser (admin-menu-photo-route.ts) is registered in a scope
 * of its own inside it, so every other route still refuses multipart with a 415.
 */
export function adminCatalogueRoutes(staffApp: FastifyInstance, ctx: AppContext): void {
  void staffApp.register(async (app) => {
    app.addHook('onRequest', async (_request, reply) => void reply.header('cache-control', 'no-store'));
    const admin = async (request: FastifyRequest) => actorOf(await requireStaff(ctx, request, { role: 'admin' }));
    // Fresh, not the in-memory copy: the versions an edit sends back must be the stored ones.
    const fresh = (): Promise<AdminCatalogueEditorResponse> => loadCatalogue(ctx.db);
    const params = (request: FastifyRequest) => parseInput(catalogueIdParamsSchema, request.params).id;
    /** A DELETE's version: a JSON body `{ version }`, or `?version=` (a DELETE often has no body). */
    const versionOf = (request: FastifyRequest) => {
      if (request.body !== undefined && request.body !== null)
        return parseInput(versionOnlySchema, request.body).version;
      const { version } = parseInput(catalogueVersionQuerySchema, request.query);
      return parseInput(versionOnlySchema, { version: version === undefined ? undefined : Number(version) }).version;
    };

    app.get('/api/admin/catalogue', async (request) => {
      await admin(request);
      return fresh();
    });

    app.post('/api/admin/catalogue/ticket-types/:id/prices', async (request) => {
      const actor = await admin(request);
      const id = params(request);
      const input = parseInput(ticketTypePriceSchema, request.body);
      await setTicketTypePrice({ db: ctx.db, id, input, actor, now: ctx.now() });
      return fresh();
    });

    app.patch('/api/admin/catalogue/ticket-types/:id', async (request) => {
      const actor = await admin(request);
      const id = params(request);
      const input = parseInput(ticketTypeEditSchema, request.body);
      await editTicketType({ db: ctx.db, id, input, actor });
      return fresh();
    });

    app.patch('/api/admin/catalogue/sessions/:id', async (request) => {
      const actor = await admin(request);
      const id = params(request);
      const input = parseInput(sessionEditSchema, request.body);
      await editSession({ db: ctx.db, id, input, actor, now: ctx.now() });
      return fresh();
    });

    app.post('/api/admin/catalogue/menu-items', async (request, reply) => {
      const actor = await admin(request);
      const input = parseInput(menuItemSchema, request.body);
      const id = await createMenuItem({ db: ctx.db, input, actor });
      return reply.status(201).send({ id, catalogue: await fresh() } satisfies CatalogueCreatedResponse);
    });

    app.patch('/api/admin/catalogue/menu-items/:id', async (request) => {
      const actor = await admin(request);
      const id = params(request);
      const input = parseInput(menuItemEditSchema, request.body);
      await editMenuItem({ db: ctx.db, id, input, actor });
      return fresh();
    });

    app.delete('/api/admin/catalogue/menu-items/:id', async (request) => {
      const actor = await admin(request);
      const id = params(request);
      await deleteMenuItem({ db: ctx.db, id, version: versionOf(request), actor });
      return fresh();
    });

    void app.register(async (photoScope) => menuPhotoRoute(photoScope, ctx, admin, fresh));
    void app.register(async (dayTypesScope) => dayTypesRoutes(dayTypesScope, ctx, admin, fresh));

    app.post('/api/admin/catalogue/posts', async (request, reply) => {
      const actor = await admin(request);
      const input = parseInput(noticePostSchema, request.body);
      const id = await createPost({ db: ctx.db, input, actor });
      return reply.status(201).send({ id, catalogue: await fresh() } satisfies CatalogueCreatedResponse);
    });

    app.patch('/api/admin/catalogue/posts/:id', async (request) => {
      const actor = await admin(request);
      const { id } = parseInput(catalogueUuidParamsSchema, request.params);
      const input = parseInput(noticePostEditSchema, request.body);
      await editPost({ db: ctx.db, id, input, actor });
      return fresh();
    });

    app.delete('/api/admin/catalogue/posts/:id', async (request) => {
      const actor = await admin(request);
      const { id } = parseInput(catalogueUuidParamsSchema, request.params);
      await deletePost({ db: ctx.db, id, version: versionOf(request), actor });
      return fresh();
    });

    app.patch('/api/admin/catalogue/venue', async (request) => {
      const actor = await admin(request);
      const input = parseInput(venueEditSchema, request.body);
      await editVenue({ db: ctx.db, input, actor, now: ctx.now() });
      return fresh();
    });

    app.patch('/api/admin/catalogue/visit-rules', async (request) => {
      const actor = await admin(request);
      const input = parseInput(visitRulesEditSchema, request.body);
      await editVisitRules({ db: ctx.db, input, actor, now: ctx.now() });
      return fresh();
    });

    app.get('/api/admin/catalogue/agreement', async (request): Promise<AgreementVersionsResponse> => {
      await admin(request);
      return { versions: await agreementVersionsList(ctx.db) };
    });

    app.patch('/api/admin/catalogue/agreement', async (request): Promise<AgreementVersionsResponse> => {
      const actor = await admin(request);
      const input = parseInput(publishAgreementSchema, request.body);
      await publishAgreement({ db: ctx.db, input, actor, now: ctx.now() });
      return { versions: await agreementVersionsList(ctx.db) };
    });

    app.patch('/api/admin/catalogue/membership-plans', async (request) => {
      const actor = await admin(request);
      const input = parseInput(membershipPlansEditSchema, request.body);
      await editMembershipPlans({ db: ctx.db, input, actor, now: ctx.now() });
      return fresh();
    });

    app.patch('/api/admin/catalogue/waiting-list', async (request) => {
      const actor = await admin(request);
      const input = parseInput(waitingListEditSchema, request.body);
      await editWaitingList({ db: ctx.db, input, actor, now: ctx.now() });
      return fresh();
    });

    app.patch('/api/admin/catalogue/parties', async (request) => {
      const actor = await admin(request);
      const input = parseInput(partiesEditSchema, request.body);
      await editParties({ db: ctx.db, input, actor, now: ctx.now() });
      return fresh();
    });

    app.patch('/api/admin/catalogue/party-booking', async (request) => {
      const actor = await admin(request);
      const input = parseInput(partyBookingEditSchema, request.body);
      await editPartyBooking({ db: ctx.db, input, actor, now: ctx.now() });
      return fresh();
    });
  });
}
