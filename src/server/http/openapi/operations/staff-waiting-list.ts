import {
  staffWaitingListQuerySchema,
  staffWaitingListResponseSchema,
  waitingListIdParamsSchema,
  waitingListSuccessSchema,
} from '../../../../shared/contracts/waiting-list';
import { defineOperations } from '../operation';

/** The staff calendar's waiting lists (waiting-list/routes.ts): any member of staff sees them and offers by hand. */
export const staffWaitingListOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/waiting-list',
    summary: 'A day’s waiting lists: each entry’s session, position, address, places, status and offer expiry',
    auth: 'staff',
    tag: 'Staff',
    query: staffWaitingListQuerySchema,
    responses: { 200: staffWaitingListResponseSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/admin/waiting-list/:id/offer',
    summary: 'Offer a waiting family its places now (if they fit); audited',
    description:
      'The offer holds the places for the waiting list document’s offerHours, or until the session starts if that is sooner; refused (session_closed) in the last 15 minutes before the start and after it.',
    auth: 'staff',
    tag: 'Staff',
    params: waitingListIdParamsSchema,
    responses: { 200: waitingListSuccessSchema },
    errors: ['waiting_list_entry_not_found', 'waiting_list_no_room', 'session_closed'],
  },
]);
