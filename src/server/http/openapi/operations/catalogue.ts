import { ticketTypesQuerySchema, ticketTypesResponseSchema } from '../../../../shared/contracts/booking';
import { publicCatalogueResponseSchema } from '../../../../shared/contracts/catalogue';
import { defineOperations } from '../operation';

/** catalogue/public-routes.ts: the venue's catalogue as families read it. */
export const catalogueOperations = defineOperations([
  {
    method: 'get',
    path: '/api/catalogue',
    summary: 'The public catalogue: venue, opening hours, sessions, ticket types, menu, posts and parties',
    auth: 'none',
    tag: 'Public',
    responses: { 200: publicCatalogueResponseSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/ticket-types',
    summary: 'The ticket types on sale for a visit date (today by default), priced for that date',
    auth: 'none',
    tag: 'Public',
    query: ticketTypesQuerySchema,
    responses: { 200: ticketTypesResponseSchema },
    errors: [],
  },
]);
