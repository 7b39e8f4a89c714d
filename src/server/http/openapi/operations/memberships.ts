import {
  cancelMembershipResponseSchema,
  cancelMembershipSchema,
  coolingOffPreviewSchema,
  familyMembershipsResponseSchema,
  joinMembershipResponseSchema,
  joinMembershipSchema,
  membershipIdParamsSchema,
  membershipPlansResponseSchema,
  replaceCardResponseSchema,
  updateCardResponseSchema,
} from '../../../../shared/contracts/memberships';
import { defineOperations } from '../operation';

/** memberships/routes.ts (issue 40): the plans on sale; joining, listing and cancelling (the family session). */
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
  {
    method: 'post',
    path: '/api/memberships',
    summary:
      "Join a plan for children of the signed-in family's profile: starts the first payment (a Stripe subscription for monthly plans)",
    auth: 'family',
    tag: 'Family',
    body: joinMembershipSchema,
    responses: { 201: joinMembershipResponseSchema },
    errors: [
      'family_session_required',
      'rate_limited',
      'not_found',
      'plan_not_on_sale',
      'already_member',
      'too_many_pending_payments',
      'payment_unavailable',
    ],
  },
  {
    method: 'get',
    path: '/api/family/memberships',
    summary: "The signed-in family's memberships, newest first",
    auth: 'family',
    tag: 'Family',
    responses: { 200: familyMembershipsResponseSchema },
    errors: ['family_session_required'],
  },
  {
    method: 'post',
    path: '/api/family/memberships/:id/update-card',
    summary:
      'A renewal failed: with Stripe, a Billing Portal page to change the card and pay; in TEST MODE, the overdue month for the card form',
    auth: 'family',
    tag: 'Family',
    params: membershipIdParamsSchema,
    responses: { 200: updateCardResponseSchema },
    errors: ['family_session_required', 'not_found', 'membership_state', 'payment_unavailable'],
  },
  {
    method: 'get',
    path: '/api/family/memberships/:id/cooling-off',
    summary:
      'Before a cooling-off cancel: the refund, the visits made and their worth, and the visits booked ahead it pays for',
    auth: 'family',
    tag: 'Family',
    params: membershipIdParamsSchema,
    responses: { 200: coolingOffPreviewSchema },
    errors: ['family_session_required', 'not_found', 'membership_state', 'cooling_off_over'],
  },
  {
    method: 'post',
    path: '/api/family/memberships/:id/replace-card',
    summary: 'A new member card: the old one stops at once, at the kiosk and in its next offline day list',
    auth: 'family',
    tag: 'Family',
    params: membershipIdParamsSchema,
    responses: { 200: replaceCardResponseSchema },
    errors: ['family_session_required', 'not_found', 'membership_state'],
  },
  {
    method: 'post',
    path: '/api/family/memberships/:id/cancel',
    summary:
      'Cancel: to the end of the period paid (default), or within 14 days of joining with a refund (cooling_off; futureVisits: cancel or keep the visits booked ahead)',
    auth: 'family',
    tag: 'Family',
    params: membershipIdParamsSchema,
    body: cancelMembershipSchema,
    responses: { 200: cancelMembershipResponseSchema },
    errors: ['family_session_required', 'not_found', 'membership_state', 'cooling_off_over', 'payment_unavailable'],
  },
]);
