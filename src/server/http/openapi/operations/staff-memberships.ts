import {
  adminMembershipActionResponseSchema,
  adminMembershipActionSchema,
  adminMembershipActions,
  adminMembershipQuerySchema,
  adminMembershipsResponseSchema,
  membershipIdParamsSchema,
} from '../../../../shared/contracts/memberships';
import { defineOperations, type ApiOperation } from '../operation';

const actionOperation = (action: (typeof adminMembershipActions)[number]): ApiOperation => ({
  method: 'post',
  path: `/api/admin/memberships/:id/${action}`,
  summary: `${action[0]!.toUpperCase()}${action.slice(1)} a membership, with a reason (audited)`,
  auth: 'admin',
  tag: 'Admin',
  params: membershipIdParamsSchema,
  body: adminMembershipActionSchema,
  responses: { 200: adminMembershipActionResponseSchema },
  errors: ['not_found', 'membership_state', 'payment_unavailable'],
});

/** The Members tab (memberships/routes.ts): staff search; admins pause, resume or end. */
export const staffMembershipOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/memberships',
    summary: 'Memberships: by name, e-mail or member number, and status; newest first',
    auth: 'staff',
    tag: 'Staff',
    query: adminMembershipQuerySchema,
    responses: { 200: adminMembershipsResponseSchema },
    errors: [],
  },
  ...adminMembershipActions.map(actionOperation),
]);
