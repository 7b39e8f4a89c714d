import { z } from '../../../../shared/contracts/zod';
import {
  familyPartiesResponseSchema,
  partyIdParamsSchema,
  partyInvitationTokenParamsSchema,
  partyInvitationViewSchema,
  partyInvitationsResponseSchema,
  partyInvitationsSchema,
  partyRsvpSchema,
} from '../../../../shared/contracts/party-booking';
import { defineOperations } from '../operation';

/** The manage token is one of two ways in (the family session is the other), so the header is optional here. */
const partyTokenHeaders = z.object({ 'x-party-token': z.string().max(100).optional() });

/** parties/guests/routes.ts: guest invitations and replies, and the family's parties on My Bookings. */
export const partyGuestOperations = defineOperations([
  {
    method: 'post',
    path: '/api/parties/:id/invitations',
    summary: 'E-mail guest invitations for a confirmed party (one per child booked, in all)',
    description:
      'Needs the X-Party-Token of the manage link, or the family session of the party’s address. An address already invited is sent a fresh link and does not count again.',
    auth: 'none',
    tag: 'Public',
    params: partyIdParamsSchema,
    headers: partyTokenHeaders,
    body: partyInvitationsSchema,
    responses: { 200: partyInvitationsResponseSchema },
    errors: ['party_not_found', 'party_invitations_over', 'party_invitations_closed', 'rate_limited'],
  },
  {
    method: 'get',
    path: '/api/party-invitations/:token',
    summary: 'A guest’s invitation: when, where, the birthday child’s first name, and this guest’s reply',
    auth: 'none',
    tag: 'Public',
    params: partyInvitationTokenParamsSchema,
    responses: { 200: partyInvitationViewSchema },
    errors: ['party_invitation_not_found'],
  },
  {
    method: 'post',
    path: '/api/party-invitations/:token/rsvp',
    summary: 'Reply to an invitation (may be changed until the party day)',
    auth: 'none',
    tag: 'Public',
    params: partyInvitationTokenParamsSchema,
    body: partyRsvpSchema,
    responses: { 200: partyInvitationViewSchema },
    errors: ['party_invitation_not_found', 'party_rsvp_closed', 'rate_limited'],
  },
  {
    method: 'get',
    path: '/api/family/parties',
    summary: 'The signed-in family’s parties, each with its manage token',
    auth: 'family',
    tag: 'Family',
    responses: { 200: familyPartiesResponseSchema },
    errors: [],
  },
]);
