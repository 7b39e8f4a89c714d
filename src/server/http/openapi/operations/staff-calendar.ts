import {
  createRestrictionResponseSchema,
  createRestrictionSchema,
  deleteRestrictionResponseSchema,
  restrictionIdParamsSchema,
  restrictionsResponseSchema,
} from '../../../../shared/contracts/admin-calendar';
import {
  sessionCapacityQuerySchema,
  sessionCapacityResponseSchema,
  setSessionCapacityResponseSchema,
  setSessionCapacitySchema,
} from '../../../../shared/contracts/session-capacity';
import { defineOperations } from '../operation';

/**
 * The staff Booking Calendar tab (calendar/routes.ts): blocked sessions and per-date capacity. Any member of
 * staff; a browser in kiosk mode is refused (403 forbidden).
 */
export const staffCalendarOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/session-restrictions',
    summary: "Today's and later blocked sessions and days, by date",
    auth: 'staff',
    tag: 'Staff',
    responses: { 200: restrictionsResponseSchema },
    errors: ['forbidden'],
  },
  {
    method: 'post',
    path: '/api/admin/session-restrictions',
    summary: 'Block a session or the whole day on a date; counts the bookings already in it',
    auth: 'staff',
    tag: 'Staff',
    body: createRestrictionSchema,
    responses: { 201: createRestrictionResponseSchema },
    errors: ['forbidden', 'date_in_past', 'date_too_far', 'already_blocked'],
  },
  {
    method: 'delete',
    path: '/api/admin/session-restrictions/:id',
    summary: 'Remove a block',
    auth: 'staff',
    tag: 'Staff',
    params: restrictionIdParamsSchema,
    responses: { 200: deleteRestrictionResponseSchema },
    errors: ['forbidden', 'not_found'],
  },
  {
    method: 'get',
    path: '/api/admin/calendar/capacity',
    summary: "Each session's capacity, places taken and remaining on a date",
    auth: 'staff',
    tag: 'Staff',
    query: sessionCapacityQuerySchema,
    responses: { 200: sessionCapacityResponseSchema },
    errors: ['forbidden'],
  },
  {
    method: 'post',
    path: '/api/admin/calendar/capacity',
    summary: "Set one session's capacity on one date (never below the places taken)",
    auth: 'staff',
    tag: 'Staff',
    body: setSessionCapacitySchema,
    responses: { 200: setSessionCapacityResponseSchema },
    errors: ['forbidden', 'date_in_past', 'date_too_far', 'not_found', 'capacity_below_taken'],
  },
]);
