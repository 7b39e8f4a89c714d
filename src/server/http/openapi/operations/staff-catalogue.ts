import type { AdminCatalogue } from '../../../../shared/catalogue';
import {
  adminCatalogueResponseSchema,
  catalogueCreatedResponseSchema,
  catalogueIdParamsSchema,
  catalogueUuidParamsSchema,
  catalogueVersionQuerySchema,
  closureCancelResponseSchema,
  closureCancelSchema,
  closureResponseSchema,
  closureSchema,
  MENU_PHOTO_MAX_BYTES,
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
} from '../../../../shared/contracts/catalogue';
import type { ErrorCode } from '../../../../shared/contracts/errors';
import { bankHolidaysEditSchema, dayTypesEditSchema, holidaysEditSchema } from '../../../../shared/contracts/day-types';
import { membershipPlansEditSchema } from '../../../../shared/contracts/memberships';
import { waitingListEditSchema } from '../../../../shared/contracts/waiting-list';
import { defineOperations, type ApiOperation } from '../operation';

/**
 * AdminCatalogue (shared/catalogue.ts) stays zod-free for the pages' first paint, so its schema is a second
 * shape: the handlers return AdminCatalogueEditorResponse, which proves every value fits the schema, and
 * these checks fail typecheck when either side gains or loses a field (the document forbids unlisted ones).
 */
type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : false;
type Schema = AdminCatalogueEditorResponse;
const sameShape: [
  SameKeys<AdminCatalogue, Schema>,
  SameKeys<AdminCatalogue['venue']['value'], Schema['venue']['value']>,
  SameKeys<AdminCatalogue['venue']['value']['openingHours'], Schema['venue']['value']['openingHours']>,
  SameKeys<AdminCatalogue['parties']['value'], Schema['parties']['value']>,
  SameKeys<AdminCatalogue['partyBooking']['value'], Schema['partyBooking']['value']>,
  SameKeys<AdminCatalogue['visitRules']['value'], Schema['visitRules']['value']>,
  SameKeys<AdminCatalogue['waitingList']['value'], Schema['waitingList']['value']>,
  SameKeys<AdminCatalogue['dayTypes']['value'], Schema['dayTypes']['value']>,
  SameKeys<AdminCatalogue['holidays']['value'], Schema['holidays']['value']>,
  SameKeys<
    AdminCatalogue['membershipPlans']['value']['plans'][number],
    Schema['membershipPlans']['value']['plans'][number]
  >,
  SameKeys<AdminCatalogue['ticketTypes'][number], Schema['ticketTypes'][number]>,
  SameKeys<AdminCatalogue['sessions'][number], Schema['sessions'][number]>,
  SameKeys<Required<AdminCatalogue['menuItems'][number]>, Required<Schema['menuItems'][number]>>,
  SameKeys<AdminCatalogue['posts'][number], Schema['posts'][number]>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void sameShape;

/** Every edit sends back the version it was made from: 409 stale_version, or 404 when the row is gone. */
const editErrors: ErrorCode[] = ['stale_version', 'not_found'];

/** The Venue area's editors (catalogue/admin-routes.ts): admins only; every answer is the whole catalogue. */
const editors: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/admin/catalogue',
    summary: 'The whole catalogue with ids and the versions an edit must send back',
    auth: 'admin',
    tag: 'Admin',
    responses: { 200: adminCatalogueResponseSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/ticket-types/:id/prices',
    summary: "A ticket type's new price for visits from a date (today or later)",
    auth: 'admin',
    tag: 'Admin',
    params: catalogueIdParamsSchema,
    body: ticketTypePriceSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: [...editErrors, 'date_in_past'],
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/ticket-types/:id',
    summary: 'Edit a ticket type (title, ages, days and sessions sold, active)',
    auth: 'admin',
    tag: 'Admin',
    params: catalogueIdParamsSchema,
    body: ticketTypeEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/sessions/:id',
    summary: "Edit a session's times or usual capacity (times only while none are sold ahead)",
    auth: 'admin',
    tag: 'Admin',
    params: catalogueIdParamsSchema,
    body: sessionEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: [...editErrors, 'sessions_in_use'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/closures',
    summary: 'Close a date or range, the whole day or one session; lists the paid bookings affected',
    auth: 'admin',
    tag: 'Admin',
    body: closureSchema,
    responses: { 201: closureResponseSchema },
    errors: ['date_in_past', 'date_too_far'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/closures/cancel-bookings',
    summary: 'Cancel bookings in a closure with a full refund and an apology (a second press refunds nothing)',
    auth: 'admin',
    tag: 'Admin',
    body: closureCancelSchema,
    responses: { 200: closureCancelResponseSchema },
    errors: ['booking_not_found'],
  },
];

const menuAndPosts: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/admin/catalogue/menu-items',
    summary: 'Add a cafe menu item',
    auth: 'admin',
    tag: 'Admin',
    body: menuItemSchema,
    responses: { 201: catalogueCreatedResponseSchema },
    errors: [],
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/menu-items/:id',
    summary: 'Edit a cafe menu item',
    auth: 'admin',
    tag: 'Admin',
    params: catalogueIdParamsSchema,
    body: menuItemEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'delete',
    path: '/api/admin/catalogue/menu-items/:id',
    summary: 'Remove a cafe menu item; its version as a JSON body `{ version }` or as `?version=`',
    auth: 'admin',
    tag: 'Admin',
    params: catalogueIdParamsSchema,
    query: catalogueVersionQuerySchema,
    body: versionOnlySchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/menu-items/:id/photo',
    summary: "Upload a menu item's photo (JPEG, PNG or WebP up to 5 MB), stored as two WebP widths",
    auth: 'admin',
    tag: 'Admin',
    params: catalogueIdParamsSchema,
    rawBody: {
      contentType: 'multipart/form-data',
      description: `The image in the file field \`photo\` (at most ${MENU_PHOTO_MAX_BYTES} bytes) and the item's \`version\`.`,
      schema: {
        type: 'object',
        properties: {
          photo: { type: 'string', contentMediaType: 'application/octet-stream' },
          version: { type: 'string', pattern: '^[0-9]+$' },
        },
        required: ['photo', 'version'],
      },
    },
    responses: { 200: adminCatalogueResponseSchema },
    errors: [...editErrors, 'not_an_image', 'photo_too_large', 'unsupported_media_type'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/posts',
    summary: 'Publish a notice post (dated, optionally pinned and expiring)',
    auth: 'admin',
    tag: 'Admin',
    body: noticePostSchema,
    responses: { 201: catalogueCreatedResponseSchema },
    errors: [],
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/posts/:id',
    summary: 'Edit a notice post',
    auth: 'admin',
    tag: 'Admin',
    params: catalogueUuidParamsSchema,
    body: noticePostEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'delete',
    path: '/api/admin/catalogue/posts/:id',
    summary: 'Remove a notice post; its version as a JSON body `{ version }` or as `?version=`',
    auth: 'admin',
    tag: 'Admin',
    params: catalogueUuidParamsSchema,
    query: catalogueVersionQuerySchema,
    body: versionOnlySchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/venue',
    summary: 'Edit the venue document: identity, contacts, directions and opening hours',
    auth: 'admin',
    tag: 'Admin',
    body: venueEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/visit-rules',
    summary:
      'Edit the visit rules: credit bundle, parking charges, house rules, what to bring (version 0 before the first edit)',
    auth: 'admin',
    tag: 'Admin',
    body: visitRulesEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/day-types',
    summary:
      'Edit the bands of days, the rules that put each date in one, and single-date overrides; a new band brings a price for every active ticket type (version 0 before the first edit)',
    auth: 'admin',
    tag: 'Admin',
    body: dayTypesEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/holidays',
    summary:
      'Replace the school holidays: this JSON list of periods, or (multipart/form-data) the council term dates as an .ics file in the field `file` with `version`',
    auth: 'admin',
    tag: 'Admin',
    body: holidaysEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: [...editErrors, 'file_too_large'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/bank-holidays',
    summary:
      "Replace the bank holidays with a newer gov.uk file's England and Wales list (https://www.gov.uk/bank-holidays.json)",
    auth: 'admin',
    tag: 'Admin',
    body: bankHolidaysEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/membership-plans',
    summary:
      'Edit the membership plans: price, monthly or annual, tickets and children covered, days, visits a day, adults free (version 0 before the first edit)',
    auth: 'admin',
    tag: 'Admin',
    body: membershipPlansEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/waiting-list',
    summary:
      'Edit how many hours (1-48) a waiting list offer holds its places; an offer still ends at its session’s start (version 0 before the first edit)',
    auth: 'admin',
    tag: 'Admin',
    body: waitingListEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/parties',
    summary: 'Edit the party packages, Private Hire and party slots (the same packages stay)',
    auth: 'admin',
    tag: 'Admin',
    body: partiesEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/party-booking',
    summary:
      'Edit how parties are sold online: rooms, slots and their packages, deposit, hold, party food (version 0 before the first edit)',
    auth: 'admin',
    tag: 'Admin',
    body: partyBookingEditSchema,
    responses: { 200: adminCatalogueResponseSchema },
    errors: editErrors,
  },
];

export const staffCatalogueOperations = defineOperations([...editors, ...menuAndPosts]);
