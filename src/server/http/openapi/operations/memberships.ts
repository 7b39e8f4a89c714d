import { membershipPlansResponseSchema } from '../../../../shared/contracts/memberships';
import { defineOperations } from '../operation';

/** memberships/routes.ts (issue 40): the plans on sale. */
export const membershipOperations = defineOperations([
  {
    method: 'get',
    path: '/api/memberships/plans',
    summary: 'The membership plans on sale: price, monthly or annual, children and days covered',
    auth: 'none',
    tag: 'Public',
    responses: { 200: membershipPlansResponseSchema },
    errors: [],
  },
]);
