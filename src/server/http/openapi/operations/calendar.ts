import {
  availabilityRangeResponseSchema,
  availabilityRangeSchema,
  dateAvailabilitySchema,
  isoDateParamsSchema,
} from '../../../../shared/contracts/booking';
import { dayTypesQuerySchema, dayTypesResponseSchema } from '../../../../shared/contracts/day-types';
import { defineOperations } from '../operation';

/** calendar/routes.ts: places left per date and session, for the booking page. */
export const calendarOperations = defineOperations([
  {
    method: 'get',
    path: '/api/calendar/availability',
    summary: 'Places left per session for each date from `from` to `to` (at most 62 days)',
    auth: 'none',
    tag: 'Public',
    query: availabilityRangeSchema,
    responses: { 200: availabilityRangeResponseSchema },
    errors: ['invalid_range'],
  },
  {
    method: 'get',
    path: '/api/calendar/availability/:date',
    summary: 'Places left per session on one date',
    auth: 'none',
    tag: 'Public',
    params: isoDateParamsSchema,
    responses: { 200: dateAvailabilitySchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/calendar/day-types',
    summary:
      "Each date's band of days (off-peak, peak, or the venue's own) and why, from `from` to `to` (at most 366 days)",
    auth: 'none',
    tag: 'Public',
    query: dayTypesQuerySchema,
    responses: { 200: dayTypesResponseSchema },
    errors: [],
  },
]);
