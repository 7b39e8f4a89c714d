import {
  birthdayInquiriesResponseSchema,
  draftResponseResultSchema,
  inquiriesResponseSchema,
  inquiryIdParamsSchema,
  markPartyBookedResponseSchema,
  markRespondedResponseSchema,
} from '../../../../shared/contracts/admin-inquiries';
import { defineOperations } from '../operation';

/**
 * The Inquiries and Birthday Parties tabs (inquiries/routes.ts). Any member of staff; a browser in kiosk
 * mode is refused (403 forbidden).
 */
export const staffInquiryOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/inquiries',
    summary: 'Contact enquiries: waiting ones first, then newest first',
    auth: 'staff',
    tag: 'Staff',
    responses: { 200: inquiriesResponseSchema },
    errors: ['forbidden'],
  },
  {
    method: 'get',
    path: '/api/admin/birthday-inquiries',
    summary: 'Birthday party enquiries with their party details',
    auth: 'staff',
    tag: 'Staff',
    responses: { 200: birthdayInquiriesResponseSchema },
    errors: ['forbidden'],
  },
  {
    method: 'post',
    path: '/api/admin/inquiries/:id/mark-responded',
    summary: 'Mark an enquiry responded (idempotent)',
    auth: 'staff',
    tag: 'Staff',
    params: inquiryIdParamsSchema,
    responses: { 200: markRespondedResponseSchema },
    errors: ['forbidden', 'not_found'],
  },
  {
    method: 'post',
    path: '/api/admin/inquiries/:id/mark-party-booked',
    summary: 'Mark a party enquiry as a booked party (idempotent)',
    auth: 'staff',
    tag: 'Staff',
    params: inquiryIdParamsSchema,
    responses: { 200: markPartyBookedResponseSchema },
    errors: ['forbidden', 'not_found', 'not_a_party'],
  },
  {
    method: 'post',
    path: '/api/admin/inquiries/:id/draft-response',
    summary: 'Draft a reply from the booking calendar (nothing is sent)',
    auth: 'staff',
    tag: 'Staff',
    params: inquiryIdParamsSchema,
    responses: { 200: draftResponseResultSchema },
    errors: ['forbidden', 'not_found'],
  },
]);
