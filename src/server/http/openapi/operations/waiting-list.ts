import {
  familyWaitingEntrySchema,
  familyWaitingListResponseSchema,
  waitingListIdParamsSchema,
  waitingListJoinSchema,
  waitingListOfferQuerySchema,
  waitingListOfferSchema,
  waitingListSuccessSchema,
} from '../../../../shared/contracts/waiting-list';
import { defineOperations } from '../operation';

/**
 * waiting-list/routes.ts: a signed-in family joins a full session's waiting list, sees and leaves its
 * entries; an offer link is looked up by its token (the staff side: staff-waiting-list.ts).
 */
export const waitingListOperations = defineOperations([
  {
    method: 'post',
    path: '/api/waiting-list',
    summary: 'Join the waiting list of a full session (the signed-in family’s address)',
    description:
      'sessionId null is a weekday all-day ticket. Refused when the session has room for the places asked for (book them instead), for a date outside today to one month ahead, from 15 minutes before the session starts (session_closed: no place could be offered in time), and when the family already waits for that session.',
    auth: 'family',
    tag: 'Family',
    body: waitingListJoinSchema,
    responses: { 201: familyWaitingEntrySchema },
    errors: [
      'date_out_of_range',
      'session_required',
      'session_closed',
      'waiting_list_not_full',
      'waiting_list_duplicate',
    ],
  },
  {
    method: 'get',
    path: '/api/family/waiting-list',
    summary: 'The signed-in family’s waiting list entries, with their place in the queue',
    auth: 'family',
    tag: 'Family',
    responses: { 200: familyWaitingListResponseSchema },
    errors: [],
  },
  {
    method: 'delete',
    path: '/api/family/waiting-list/:id',
    summary: 'Leave the waiting list (an offer’s held places go to the next family)',
    auth: 'family',
    tag: 'Family',
    params: waitingListIdParamsSchema,
    responses: { 200: waitingListSuccessSchema },
    errors: ['waiting_list_entry_not_found'],
  },
  {
    method: 'get',
    path: '/api/waiting-list/offer',
    summary: 'The places a waiting list offer link holds, and until when',
    auth: 'none',
    tag: 'Public',
    query: waitingListOfferQuerySchema,
    responses: { 200: waitingListOfferSchema },
    errors: ['rate_limited', 'waiting_list_offer_invalid'],
  },
]);
