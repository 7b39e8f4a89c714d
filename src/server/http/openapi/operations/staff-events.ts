import {
  eventDetailSchema,
  eventIdParamsSchema,
  eventInputSchema,
  eventPatchSchema,
  eventQueueFiguresSchema,
  eventSheetSchema,
} from '../../../../shared/contracts/events';
import { defineOperations } from '../operation';

/** events/routes.ts, staff side (issue 51): the admin's event editor, the event sheet and the queue's figures. */
export const staffEventOperations = defineOperations([
  {
    method: 'post',
    path: '/api/admin/catalogue/events',
    summary: 'Create a special event: slots, prices per child and grown-up, on-sale instant, cap, queue',
    auth: 'admin',
    tag: 'Admin',
    body: eventInputSchema,
    responses: { 201: eventDetailSchema },
    errors: [],
  },
  {
    method: 'patch',
    path: '/api/admin/catalogue/events/:id',
    summary: "Change an event's fields; slots given are added",
    auth: 'admin',
    tag: 'Admin',
    params: eventIdParamsSchema,
    body: eventPatchSchema,
    responses: { 200: eventDetailSchema },
    errors: ['event_not_found'],
  },
  {
    method: 'get',
    path: '/api/admin/events/:id/sheet',
    summary: "The event sheet: each slot's families and their children's first names and ages",
    auth: 'staff',
    tag: 'Staff',
    params: eventIdParamsSchema,
    responses: { 200: eventSheetSchema },
    errors: ['event_not_found'],
  },
  {
    method: 'get',
    path: '/api/admin/events/:id/queue',
    summary: "The queue's live figures: waiting, admitted, sold, held, places left",
    auth: 'staff',
    tag: 'Staff',
    params: eventIdParamsSchema,
    responses: { 200: eventQueueFiguresSchema },
    errors: ['event_not_found'],
  },
]);
